// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test-only: the LP token of a Uniswap V2 / PancakeSwap pair (the pair is its own
///         ERC-20), with its supply minted to the deployer.
contract MockLpToken is ERC20 {
    address public immutable token0;
    address public immutable token1;

    constructor(address token0_, address token1_, uint256 supply) ERC20("Mock LP", "MOCK-LP") {
        token0 = token0_;
        token1 = token1_;
        _mint(msg.sender, supply);
    }
}
