// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Test-only: rules that pay every bet 1,000 times its stake, more than any game's
///         reservation (contracts/Payouts.sol), put in place of GameRules' code to show the
///         Casino's last bound on a payout (PayoutAboveReservation), which GameRules itself never
///         reaches.
contract OverpayingRules {
    /// @notice GameRules.payout's signature: 1,000 times the stake, whatever the bet.
    function payout(uint8, uint256, bool, uint256 stake, bytes32, bytes calldata) external pure returns (uint256) {
        return stake * 1_000;
    }
}
