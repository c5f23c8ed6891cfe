// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {VestingWallet} from "@openzeppelin/contracts/finance/VestingWallet.sol";
import {VestingWalletCliff} from "@openzeppelin/contracts/finance/VestingWalletCliff.sol";

/// @title TokenLock
/// @notice A lock of DEGEN's token distribution (team shares, the reserve, the liquidity pool's
///         LP tokens): OpenZeppelin's VestingWalletCliff, unchanged. It holds whatever ERC-20 (or
///         BNB) is sent to it for its beneficiary (the wallet's owner) and releases nothing before
///         `cliff()`; from then on the part vested linearly from `start()` to `end()`, all of it
///         from `end()`. A cliff equal to the duration releases everything at once at `end()`.
///         Anyone may call `release(token)`; it always pays the beneficiary.
/// @dev Exists because VestingWalletCliff is abstract: this only gives it a constructor.
contract TokenLock is VestingWalletCliff {
    /// @param beneficiary who receives the released tokens (the owner of the vesting wallet)
    /// @param startTimestamp when vesting starts (and the cliff is counted from)
    /// @param durationSeconds how long vesting lasts from `startTimestamp`
    /// @param cliffSeconds how long after `startTimestamp` nothing is released; at most `durationSeconds`
    constructor(address beneficiary, uint64 startTimestamp, uint64 durationSeconds, uint64 cliffSeconds)
        VestingWallet(beneficiary, startTimestamp, durationSeconds)
        VestingWalletCliff(cliffSeconds)
    {}
}
