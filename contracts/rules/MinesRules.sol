// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";
import {RandomStream} from "./RandomStream.sol";

/// @title MinesRules
/// @notice Mines' payout, exactly engine/src/mines.ts settleMines (engine/README.md "Mines"): the
///         word shuffles the 25 tiles (Fisher–Yates, as blackjack's deck) and the first `mines`
///         tiles of the shuffled order are the mines. The action log is ASCII, one byte per action:
///         a tile t is 'a' + t, the cash-out 'C'. A mine ends the round with nothing; a cash-out, or
///         the last safe tile, ends it paid; a log that stops with the round in play is cashed out
///         at its safe tiles (the idle rule), and pays nothing without one. k safe tiles pay
///         stake × RTP × 25 × 24 × … ÷ (10,000 × (25 − mines) × (24 − mines) × …), k factors
///         each, rounded down once, at most stake × Payouts.MINES_MAX_MULTIPLIER. A log the engine
///         refuses reverts naming the byte's index: a byte that is neither a tile nor 'C'
///         (UnknownMinesAction), a tile revealed twice, any action once the round is over, or a
///         cash-out before the first safe tile (IllegalMinesAction).
/// @dev Overflow: stake < 2^128 (GameRules.MAX_STAKE) and num ≤ 10,200 × 25! ÷ (25 − k)! < 2^98,
///      so stake × num < 2^226.
library MinesRules {
    bytes1 internal constant CASH_OUT = "C";
    bytes1 internal constant FIRST_TILE = "a";
    /// @notice The tiles 0 to 24 in order, shuffled into the layout.
    bytes internal constant TILES = hex"000102030405060708090a0b0c0d0e0f101112131415161718";
    uint256 private constant BPS = 10_000;

    /// @notice The byte at `index` of the log is neither a tile ('a' to 'y') nor the cash-out ('C').
    error UnknownMinesAction(uint256 index, bytes1 code);
    /// @notice The action at `index` is refused: a tile revealed already, any action once the round
    ///         is over, or a cash-out before the first safe tile.
    error IllegalMinesAction(uint256 index, bytes1 code);

    /// @notice The payout of a mines round of `stake` with `params` mines (1 to 24, else
    ///         Payouts.InvalidParams), replaying `actions` and then the idle rule.
    function payout(uint256 params, bool isNative, uint256 stake, bytes32 word, bytes calldata actions) internal pure returns (uint256) {
        if (params == 0 || params >= Payouts.MINES_TILES) revert Payouts.InvalidParams(Payouts.MINES, params);
        uint256 mines = layout(word, params);
        uint256 num = Payouts.rtpBps(isNative);
        uint256 den = BPS;
        uint256 revealed; // one bit per tile
        uint256 safe;
        bool over;
        // Unchecked: i < actions.length; the tile wraps round below 'a' (see below); safe stays
        // below 25 − params, so no factor reaches 0 (see the overflow note).
        unchecked {
            for (uint256 i; i < actions.length; ++i) {
                bytes1 code = actions[i];
                if (code == CASH_OUT) {
                    if (over || safe == 0) revert IllegalMinesAction(i, code);
                    over = true;
                    continue;
                }
                // A byte below 'a' wraps round to a huge tile: one comparison refuses both sides.
                uint256 tile = uint256(uint8(code)) - uint8(FIRST_TILE);
                if (tile >= Payouts.MINES_TILES) revert UnknownMinesAction(i, code);
                uint256 bit = 1 << tile;
                if (over || revealed & bit != 0) revert IllegalMinesAction(i, code);
                revealed |= bit;
                if (mines & bit != 0) {
                    // Lost: the round pays nothing, and the rest of the log is still checked.
                    num = 0;
                    over = true;
                    continue;
                }
                num *= Payouts.MINES_TILES - safe;
                den *= Payouts.MINES_TILES - params - safe;
                ++safe;
                over = safe == Payouts.MINES_TILES - params;
            }
        }
        if (safe == 0) return 0;
        uint256 paid = (stake * num) / den;
        uint256 cap = stake * Payouts.MINES_MAX_MULTIPLIER;
        return paid < cap ? paid : cap;
    }

    /// @notice The mines of `word` as a bitmask of tiles: the first `mines` tiles of the shuffle.
    function layout(bytes32 word, uint256 mines) internal pure returns (uint256 mask) {
        bytes memory tiles = TILES;
        RandomStream.shuffle(word, tiles);
        for (uint256 i; i < mines; ++i) mask |= 1 << uint8(tiles[i]);
    }
}
