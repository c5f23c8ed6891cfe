// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";

/// @notice Test-only: the contract's maximum payout of many params in one call, to compare the
///         whole table with the engine's (test/Payouts.table.test.ts).
contract PayoutsHarness {
    function maxPayouts(uint8 gameType, bool isNative, bool split, uint256 totalStake, uint256[] calldata params)
        external
        pure
        returns (uint256[] memory payouts)
    {
        payouts = new uint256[](params.length);
        for (uint256 i; i < params.length; ++i) {
            payouts[i] = Payouts.maxPayout(gameType, params[i], isNative, split, totalStake);
        }
    }
}
