// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Casino} from "../Casino.sol";

/// @notice Test-only: reads everything the invariant fuzz checks in one eth_call.
contract InvariantReader {
    struct TokenState {
        uint256 holding;
        uint256 vaultSum;
        uint256 openStakes;
        uint256 openMaxPayouts;
        uint256 bankroll;
        uint256 reserved;
        uint256[] vaults;
    }

    function read(Casino casino, address[] calldata players, uint256[] calldata openBets)
        external
        view
        returns (TokenState memory degenState, TokenState memory nativeState, uint256 jackpot)
    {
        address degen = address(casino.degen());
        degenState = _read(casino, degen, IERC20(degen).balanceOf(address(casino)), players, openBets);
        nativeState = _read(casino, address(0), address(casino).balance, players, openBets);
        jackpot = casino.jackpotPool();
    }

    function _read(Casino casino, address token, uint256 holding, address[] calldata players, uint256[] calldata openBets)
        private
        view
        returns (TokenState memory state)
    {
        state.holding = holding;
        (state.bankroll, state.reserved) = casino.house(token);
        state.vaults = new uint256[](players.length);
        for (uint256 i; i < players.length; ++i) {
            state.vaults[i] = casino.getBalance(players[i], token);
            state.vaultSum += state.vaults[i];
        }
        for (uint256 i; i < openBets.length; ++i) {
            Casino.BetView memory bet = casino.getBet(openBets[i]);
            if (bet.open && bet.token == token) {
                state.openStakes += bet.totalStake;
                state.openMaxPayouts += bet.maxPayout;
            }
        }
    }
}
