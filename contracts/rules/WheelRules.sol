// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";
import {RandomStream} from "./RandomStream.sol";

/// @title WheelRules
/// @notice The wheel's payout, exactly engine/src/wheel.ts settleWheel (engine/README.md "Wheel"):
///         the segment is the first int(10) of the stream; a bet on k colours (params: bit i =
///         colour i) wins when the segment's bit is set, and then pays stake × 10 × RTP /
///         (k × 10000), rounded down once.
library WheelRules {
    /// @notice All ten colours: the only 10-bit mask with more than 9 colours, refused as a bet
    ///         that cannot lose (engine/src/wheel.ts decodeWheelParams).
    uint256 private constant ALL_COLOURS = (1 << Payouts.WHEEL_COLOURS) - 1;
    uint256 private constant BPS = 10_000;

    /// @notice The payout of a wheel bet; reverts with Payouts.InvalidParams unless params has 1 to 9 of the 10 bits.
    function payout(uint256 params, bool isNative, uint256 stake, bytes32 word) internal pure returns (uint256) {
        if (params == 0 || params >= ALL_COLOURS) revert Payouts.InvalidParams(Payouts.WHEEL, params);
        uint256 segment = RandomStream.firstUniform(word, Payouts.WHEEL_COLOURS);
        if ((params >> segment) & 1 == 0) return 0;
        return (stake * Payouts.WHEEL_COLOURS * Payouts.rtpBps(isNative)) / (Payouts.popCount(params) * BPS);
    }
}
