// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";
import {RandomStream} from "./RandomStream.sol";

/// @title PlinkoRules
/// @notice Plinko's payout, exactly engine/src/plinko.ts settlePlinko (engine/README.md "Plinko"):
///         the ball's path is the stream's first integer in [0, 2^rows), one bit per row, a set bit
///         a bounce to the right; it lands in slot k, the number of right bounces; the slot pays its
///         table entry in hundredths of the stake × RTP_BPS ÷ 1,000,000, rounded down once.
/// @dev A table is symmetric: entry j is slots j and rows − j. Entry 0, the edge, is in
///      Payouts (the Casino reserves it); entries 1 to rows / 2 are below, one table per risk and
///      rows, 16 bits an entry, entry 1 in the lowest (engine PLINKO_TABLES[risk][rows − 8][1..]).
library PlinkoRules {
    uint256 private constant LOW_8 = 290 | (150 << 16) | (77 << 32) | (40 << 48);
    uint256 private constant LOW_9 = 230 | (160 << 16) | (100 << 32) | (70 << 48);
    uint256 private constant LOW_10 = 280 | (180 << 16) | (120 << 32) | (84 << 48) | (60 << 64);
    uint256 private constant LOW_11 = 280 | (200 << 16) | (140 << 32) | (97 << 48) | (70 << 64);
    uint256 private constant LOW_12 = 370 | (250 << 16) | (170 << 32) | (110 << 48) | (80 << 64) | (60 << 80);
    uint256 private constant LOW_13 = 360 | (250 << 16) | (180 << 32) | (130 << 48) | (93 << 64) | (70 << 80);
    uint256 private constant LOW_14 = 350 | (260 << 16) | (200 << 32) | (150 << 48) | (110 << 64) | (81 << 80) | (60 << 96);
    uint256 private constant LOW_15 = 520 | (350 << 16) | (240 << 32) | (170 << 48) | (120 << 64) | (88 << 80) | (70 << 96);
    uint256 private constant LOW_16 = 740 | (450 << 16) | (280 << 32) | (190 << 48) | (130 << 64) | (98 << 80) | (79 << 96) | (70 << 112);
    uint256 private constant MEDIUM_8 = 410 | (140 << 16) | (58 << 32) | (30 << 48);
    uint256 private constant MEDIUM_9 = 350 | (180 << 16) | (95 << 32) | (50 << 48);
    uint256 private constant MEDIUM_10 = 510 | (240 << 16) | (120 << 32) | (65 << 48) | (40 << 64);
    uint256 private constant MEDIUM_11 = 690 | (340 << 16) | (170 << 32) | (81 << 48) | (40 << 64);
    uint256 private constant MEDIUM_12 = 910 | (440 << 16) | (220 << 32) | (110 << 48) | (56 << 64) | (30 << 80);
    uint256 private constant MEDIUM_13 = 1400 | (610 << 16) | (280 << 32) | (140 << 48) | (70 << 64) | (40 << 80);
    uint256 private constant MEDIUM_14 = 1700 | (690 << 16) | (310 << 32) | (160 << 48) | (92 << 64) | (61 << 80) | (50 << 96);
    uint256 private constant MEDIUM_15 = 2000 | (900 << 16) | (420 << 32) | (210 << 48) | (120 << 64) | (69 << 80) | (50 << 96);
    uint256 private constant MEDIUM_16 = 1900 | (1000 << 16) | (560 << 32) | (300 << 48) | (170 << 64) | (92 << 80) | (51 << 96) | (30 << 112);
    uint256 private constant HIGH_8 = 450 | (120 << 16) | (40 << 32) | (20 << 48);
    uint256 private constant HIGH_9 = 690 | (200 << 16) | (61 << 32) | (20 << 48);
    uint256 private constant HIGH_10 = 1200 | (280 << 16) | (84 << 32) | (33 << 48) | (20 << 64);
    uint256 private constant HIGH_11 = 1600 | (460 << 16) | (140 << 32) | (49 << 48) | (20 << 64);
    uint256 private constant HIGH_12 = 2900 | (680 << 16) | (190 << 32) | (67 << 48) | (30 << 64) | (20 << 80);
    uint256 private constant HIGH_13 = 3400 | (1000 << 16) | (330 << 32) | (110 << 48) | (42 << 64) | (20 << 80);
    uint256 private constant HIGH_14 = 7300 | (1600 << 16) | (440 << 32) | (140 << 48) | (55 << 64) | (28 << 80) | (20 << 96);
    uint256 private constant HIGH_15 = 8400 | (2400 << 16) | (710 << 32) | (230 << 48) | (85 << 64) | (36 << 80) | (20 << 96);
    uint256 private constant HIGH_16 = 19000 | (4000 << 16) | (1000 << 32) | (300 << 48) | (110 << 64) | (47 << 80) | (26 << 96) | (20 << 112);
    uint256 private constant ENTRY_BITS = 16;
    uint256 private constant ENTRY_MASK = (1 << ENTRY_BITS) - 1;

    /// @notice The payout of a plinko bet; reverts on params Payouts.plinkoEdge refuses.
    function payout(uint256 params, bool isNative, uint256 stake, bytes32 word) internal pure returns (uint256) {
        uint256 edge = Payouts.plinkoEdge(params);
        uint256 rows = params & ((1 << Payouts.PLINKO_RISK_SHIFT) - 1);
        // The engine's int(2^rows): a power of two never rejects a lane, so it is the first lane's low bits.
        uint256 slot = _rightBounces(RandomStream.firstLane(word) & ((1 << rows) - 1));
        uint256 fromEdge = slot < rows - slot ? slot : rows - slot;
        uint256 hundredths = fromEdge == 0 ? edge : _inner(params >> Payouts.PLINKO_RISK_SHIFT, rows, fromEdge);
        return (stake * hundredths * Payouts.rtpBps(isNative)) / Payouts.PLINKO_DEN;
    }

    /// @dev How many of the path's (at most 16) bits are set: a 16-bit population count in four
    ///      steps (bits summed in pairs, nibbles, bytes, then the two bytes), where a loop over the
    ///      set bits cost about 30 gas a bounce.
    function _rightBounces(uint256 path) private pure returns (uint256 count) {
        unchecked {
            count = path - ((path >> 1) & 0x5555);
            count = (count & 0x3333) + ((count >> 2) & 0x3333);
            count = (count + (count >> 4)) & 0x0f0f;
            count = (count + (count >> 8)) & 0x1f;
        }
    }

    /// @dev Entry `fromEdge` (1 to rows / 2) of the table of `risk` and `rows`.
    function _inner(uint256 risk, uint256 rows, uint256 fromEdge) private pure returns (uint256) {
        return (_table(risk, rows) >> (ENTRY_BITS * (fromEdge - 1))) & ENTRY_MASK;
    }

    /// @dev The packed table of `risk` and `rows` (both checked by Payouts.plinkoEdge): picked by
    ///      comparisons, where an array of the nine tables in memory cost about 300 gas to build.
    function _table(uint256 risk, uint256 rows) private pure returns (uint256) {
        if (risk == 0) {
            if (rows < 12) return rows == 8 ? LOW_8 : rows == 9 ? LOW_9 : rows == 10 ? LOW_10 : LOW_11;
            if (rows < 15) return rows == 12 ? LOW_12 : rows == 13 ? LOW_13 : LOW_14;
            return rows == 15 ? LOW_15 : LOW_16;
        }
        if (risk == 1) {
            if (rows < 12) return rows == 8 ? MEDIUM_8 : rows == 9 ? MEDIUM_9 : rows == 10 ? MEDIUM_10 : MEDIUM_11;
            if (rows < 15) return rows == 12 ? MEDIUM_12 : rows == 13 ? MEDIUM_13 : MEDIUM_14;
            return rows == 15 ? MEDIUM_15 : MEDIUM_16;
        }
        if (rows < 12) return rows == 8 ? HIGH_8 : rows == 9 ? HIGH_9 : rows == 10 ? HIGH_10 : HIGH_11;
        if (rows < 15) return rows == 12 ? HIGH_12 : rows == 13 ? HIGH_13 : HIGH_14;
        return rows == 15 ? HIGH_15 : HIGH_16;
    }
}
