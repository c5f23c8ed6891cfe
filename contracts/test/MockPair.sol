// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Test-only: the two-token surface of a Uniswap V2 / PancakeSwap pair.
contract MockPair {
    address public immutable token0;
    address public immutable token1;

    constructor(address token0_, address token1_) {
        token0 = token0_;
        token1 = token1_;
    }
}
