// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice What DegenToken needs from the Casino: a way to book the jackpot share of the trade tax.
interface IJackpotSink {
    /// @notice Books `amount` DEGEN, already transferred to the sink by the token, into the jackpot pool.
    function creditJackpotFromTax(uint256 amount) external;
}
