// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";
import {RandomStream} from "./RandomStream.sol";

/// @title CrashRules
/// @notice Crash's payout, exactly engine/src/crash.ts settleCrash (engine/README.md "Crash"). The
///         crash point depends on the first float only (u, its 52-bit integer): u × 100 < 2^52 is an
///         instant bust (1.00x), else floor(RTP × 2^52 / (100 × (2^52 − u))) hundredths, kept within
///         100..10000. A cash-out at m hundredths pays stake × m / 100 iff the crash point is above
///         1.00x and m ≤ the crash point (engine crashCashOutWins: a BNB round held at 1.00x
///         without an instant bust pays no cash-out either, not even 1.00x). The later draws (the
///         curve's wobble) are animation only.
library CrashRules {
    /// @notice An instant bust, and the floor of every crash point: 1.00x (engine CRASH.INSTANT_BUST_HUNDREDTHS).
    uint256 internal constant ONE_X = 100;
    /// @notice The smallest manual cash-out, 1.00x (engine CRASH.MIN_MANUAL_CASH_OUT).
    uint256 internal constant MIN_MANUAL_CASH_OUT = 100;
    /// @notice A manual cash-out is a uint16, big-endian: two bytes of the action log.
    uint256 internal constant CASH_OUT_BYTES = 2;
    /// @notice A first float below 1/100 is the instant bust (engine CRASH.INSTANT_BUST_DIVISOR).
    uint256 private constant INSTANT_BUST_DIVISOR = 100;
    uint256 private constant TWO_POW_52 = 1 << RandomStream.FLOAT_BITS;
    /// @notice A float is the top 52 of a lane's 64 bits (RandomStream.next52).
    uint256 private constant FLOAT_SHIFT = 64 - RandomStream.FLOAT_BITS;
    uint256 private constant HUNDREDTHS = 100;

    /// @notice A manual round's action log is neither empty (no cash-out) nor 2 bytes holding a
    ///         cash-out of 100..10000 hundredths; or a round with an auto cash-out has one.
    error InvalidCashOut(bytes actions);

    /// @notice The payout of a crash bet: params 101..10000 cash out automatically at that target
    ///         (actions must be empty); params 0 is a manual round, whose actions are empty (no
    ///         cash-out: the player rode it to the crash) or the cash-out as 2 bytes big-endian.
    function payout(uint256 params, bool isNative, uint256 stake, bytes32 word, bytes calldata actions) internal pure returns (uint256) {
        uint256 cashOut = params;
        if (params == 0) {
            if (actions.length == 0) return 0;
            if (actions.length != CASH_OUT_BYTES) revert InvalidCashOut(actions);
            cashOut = uint16(bytes2(actions));
            if (cashOut < MIN_MANUAL_CASH_OUT || cashOut > Payouts.MAX_CRASH_TARGET) revert InvalidCashOut(actions);
        } else {
            if (params < Payouts.MIN_CRASH_TARGET || params > Payouts.MAX_CRASH_TARGET) revert Payouts.InvalidParams(Payouts.CRASH, params);
            if (actions.length != 0) revert InvalidCashOut(actions);
        }
        uint256 point = crashPoint(RandomStream.firstLane(word) >> FLOAT_SHIFT, isNative);
        if (point == ONE_X || cashOut > point) return 0;
        return (stake * cashOut) / HUNDREDTHS;
    }

    /// @notice The crash point in hundredths (100..10000) of a round whose first float's 52-bit
    ///         integer is `u` (below 2^52; engine crashPointFromDraw).
    function crashPoint(uint256 u, bool isNative) internal pure returns (uint256 point) {
        if (u * INSTANT_BUST_DIVISOR < TWO_POW_52) return ONE_X;
        point = (Payouts.rtpBps(isNative) * TWO_POW_52) / (HUNDREDTHS * (TWO_POW_52 - u));
        if (point < ONE_X) return ONE_X;
        if (point > Payouts.MAX_CRASH_TARGET) return Payouts.MAX_CRASH_TARGET;
    }
}
