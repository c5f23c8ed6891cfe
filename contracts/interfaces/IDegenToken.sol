// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice What the Casino checks of DegenToken at deployment: that the token was built for it.
interface IDegenToken {
    /// @notice The Casino fixed in the token at deployment.
    function casino() external view returns (address);
}
