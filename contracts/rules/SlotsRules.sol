// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";

/// @title SlotsRules
/// @notice The slots' payout, exactly engine/src/slots.ts settleSlots (engine/README.md "Slots"): 15
///         cells, reel 1 to 5 and top to bottom, each an int(100) against its reel's weights; five
///         lines pay when their first 3, 4 or 5 cells from reel 1 show the same symbol; payout =
///         stake × Σ line prices × RTP / 10000, rounded down once.
/// @dev Symbols are numbered in the engine's SLOT_SYMBOLS order: 0 DEGEN, 1 CHERRY, 2 LEMON,
///      3 STAR, 4 BELL, 5 DIAMOND, 6 GRAPES. Tables are packed into constants, one 4-bit entry
///      per item (item k in bits 4k..4k+3), so that a lookup is a shift and a mask. The grid is
///      packed the same way, row by row: the cell of reel c (0–4) and row r (0–2) in entry 5r + c,
///      so that a row line is 5 consecutive entries.
library SlotsRules {
    uint256 internal constant REELS = 5;
    /// @notice Each cell is int(100) against weights out of 100 (engine SLOT_REEL_WEIGHT_TOTAL).
    uint256 internal constant WEIGHT_TOTAL = 100;

    /// @notice The symbol of each pick 0–63 and 64–99 on reels 1, 3 and 5 (engine ODD_REEL: DEGEN
    ///         1, CHERRY 42, LEMON 21, STAR 4, BELL 13, DIAMOND 2, GRAPES 17 picks, in symbol
    ///         order; the engine walks the weights in that order, so pick 0 is DEGEN, picks 1–42
    ///         CHERRY, …). Read from the right: one hex digit per pick.
    uint256 internal constant ODD_REEL_LOW = 0x2222222222222222222221111111111111111111111111111111111111111110;
    uint256 internal constant ODD_REEL_HIGH = 0x666666666666666665544444444444443333;
    /// @notice The same for reels 2 and 4 (engine EVEN_REEL: DEGEN 26, CHERRY 11, LEMON 9, STAR 11,
    ///         BELL 9, DIAMOND 20, GRAPES 14 picks).
    uint256 internal constant EVEN_REEL_LOW = 0x4444444333333333332222222221111111111100000000000000000000000000;
    uint256 internal constant EVEN_REEL_HIGH = 0x666666666666665555555555555555555544;
    /// @notice Picks per LOW table: 64 entries of 4 bits fill a word.
    uint256 private constant LOW_PICKS = 64;
    /// @notice uniform(100) takes a lane below 2^64 − (2^64 mod 100) = 2^64 − 16 and draws again
    ///         above (engine/src/random.ts uniformInt).
    uint256 internal constant PICK_LIMIT = 0xfffffffffffffff0;
    /// @notice RandomStream.sol's lane geometry, written out (inline assembly takes only number
    ///         literals as constants): 4 lanes of 64 bits a block, a lane the top 64 bits of the
    ///         shifted block (256 − 64).
    uint256 private constant LANES_PER_BLOCK = 4;
    uint256 private constant LANE_BITS = 64;
    uint256 private constant LANE_SHIFT = 192;

    /// @notice Price of three in a row per symbol, in bets (engine SLOT_PAYTABLE; four pay 2× and
    ///         five 3× it), one byte each: DEGEN 50, CHERRY 5, LEMON 6, STAR 15, BELL 10, DIAMOND
    ///         25, GRAPES 8.
    uint256 internal constant THREE_PRICES = 0x08_19_0a_0f_06_05_32;
    /// @notice 1 in each of a line's 5 entries: symbol × this fills a line with one symbol.
    uint256 private constant LINE_ONES = 0x11111;
    uint256 private constant LINE_MASK = 0xfffff;
    /// @notice A line's entry of each reel; reels 2 and 3, 4, 5 equal to reel 1 make 3, 4, 5 in a row.
    uint256 private constant REEL_1 = 0x0000f;
    uint256 private constant REEL_2 = 0x000f0;
    uint256 private constant REEL_3 = 0x00f00;
    uint256 private constant REEL_4 = 0x0f000;
    uint256 private constant REEL_5 = 0xf0000;
    uint256 private constant REELS_2_3 = REEL_2 | REEL_3;
    /// @notice One row of the grid: 5 entries; the grid: 3 rows (written out: inline assembly takes
    ///         only number literals as constants).
    uint256 private constant ROW_BITS = 20;
    uint256 private constant GRID_BITS = 60;
    uint256 private constant ENTRY_MASK = 0xf;
    uint256 private constant BYTE = 8;
    uint256 private constant BPS = 10_000;

    /// @notice The payout of a slots spin; reverts with Payouts.InvalidParams unless params is 0.
    function payout(uint256 params, bool isNative, uint256 stake, bytes32 word) internal pure returns (uint256) {
        if (params != 0) revert Payouts.InvalidParams(Payouts.SLOTS, params);
        uint256 units = lineUnits(spin(word));
        if (units == 0) return 0;
        return (stake * units * Payouts.rtpBps(isNative)) / BPS;
    }

    /// @notice The 15 symbols of a spin (see the library's notes for the layout).
    function spin(bytes32 word) internal pure returns (uint256 grid) {
        // Assembly: 15 draws, each a table lookup, in half the gas of library calls and Solidity
        // loops. The draws are RandomStream.sol's, step for step: block k = keccak256(word ‖ k),
        // hashed in scratch space with k at 0x20; lanes taken from the top; uniform(100) with its
        // rejection. Cells are drawn reel by reel, top to bottom. Memory-safe: it writes the 64
        // bytes of scratch space only.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(0x00, word)
            mstore(0x20, 0)
            let lanes := 0
            let left := 0
            for { let reel := 0 } lt(reel, REELS) { reel := add(reel, 1) } {
                // Reels 1, 3, 5 (index 0, 2, 4) are the odd reels.
                let low := ODD_REEL_LOW
                let high := ODD_REEL_HIGH
                if and(reel, 1) {
                    low := EVEN_REEL_LOW
                    high := EVEN_REEL_HIGH
                }
                // The cell's bit position in the grid: entry 5 × row + reel, one row further down each draw.
                for { let position := shl(2, reel) } lt(position, GRID_BITS) {} {
                    if iszero(left) { lanes := keccak256(0x00, 0x40) mstore(0x20, add(mload(0x20), 1)) left := LANES_PER_BLOCK }
                    let lane := shr(LANE_SHIFT, lanes) lanes := shl(LANE_BITS, lanes) left := sub(left, 1)
                    // A rejected lane draws again for the same cell.
                    if lt(lane, PICK_LIMIT) {
                        // The pick's entry of the table: 4 bits an entry, hence shl(2, …).
                        let pick := mod(lane, WEIGHT_TOTAL)
                        let symbols := shr(shl(2, pick), low)
                        if iszero(lt(pick, LOW_PICKS)) {
                            symbols := shr(shl(2, sub(pick, LOW_PICKS)), high)
                        }
                        grid := or(grid, shl(position, and(symbols, ENTRY_MASK)))
                        position := add(position, ROW_BITS)
                    }
                }
            }
        }
    }

    /// @notice Σ of the winning lines' prices, in bets, before the token multiplier. The lines, as
    ///         rows per reel (engine SLOT_LINES): Top Row 0,0,0,0,0 · Middle Row 1,1,1,1,1 ·
    ///         Bottom Row 2,2,2,2,2 · Diagonal down 0,1,2,1,0 · Diagonal up 2,1,0,1,2.
    function lineUnits(uint256 grid) internal pure returns (uint256 units) {
        // Entry 5r + c is reel c on row r, so a row line is entries 5r to 5r + 4, and a diagonal
        // gathers one entry per reel into entries 0–4: rows (0, 1, 2, 1, 0) are entries 0, 6, 12,
        // 8, 4, and rows (2, 1, 0, 1, 2) entries 10, 6, 2, 8, 14 (a row down is ROW_BITS).
        uint256 oneRowDown = grid >> ROW_BITS;
        uint256 twoRowsDown = grid >> (2 * ROW_BITS);
        uint256 down = (grid & (REEL_1 | REEL_5)) | (oneRowDown & (REEL_2 | REEL_4)) | (twoRowsDown & REEL_3);
        uint256 up = (twoRowsDown & (REEL_1 | REEL_5)) | (oneRowDown & (REEL_2 | REEL_4)) | (grid & REEL_3);
        units = _linePrice(grid) + _linePrice(oneRowDown) + _linePrice(twoRowsDown) + _linePrice(down) + _linePrice(up);
    }

    /// @dev The price of the line in the 5 lowest entries of `line`, reel 1 lowest.
    function _linePrice(uint256 line) private pure returns (uint256) {
        unchecked {
            uint256 first = line & REEL_1;
            // An entry of `diff` is 0 where the reel shows reel 1's symbol.
            uint256 diff = (line & LINE_MASK) ^ (first * LINE_ONES);
            if (diff & REELS_2_3 != 0) return 0;
            uint256 three = (THREE_PRICES >> (first * BYTE)) & 0xff;
            if (diff & REEL_4 != 0) return three;
            return diff & REEL_5 != 0 ? 2 * three : 3 * three;
        }
    }
}
