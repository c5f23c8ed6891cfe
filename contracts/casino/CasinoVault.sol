// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {CasinoStorage, House} from "./CasinoStorage.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {CasinoBase} from "./CasinoBase.sol";

/// @title CasinoVault
/// @notice The players' vault: deposits, withdrawals (always open, even when paused), relayed
///         withdrawals the player signed, and the swap desk's exchanges against the bankroll.
abstract contract CasinoVault is CasinoBase {
    using SafeCast for uint256;
    using CasinoLedger for CasinoStorage;

    /// @notice Moves tokens from the caller's wallet into the caller's vault balance
    ///         (DEGEN by allowance, BNB as msg.value equal to `amount`).
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function deposit(address token, uint256 amount) external payable nonReentrant supportedToken(token) {
        if (amount == 0) revert ZeroAmount();
        _collect(token, amount);
        _s.credit(msg.sender, token, amount);
        emit Deposited(msg.sender, token, amount);
    }

    /// @notice Sends part of the caller's free vault balance to the caller. Open while paused. What
    ///         the caller's one-click sessions hold is theirs until they end (a lane's funds), so a
    ///         withdrawal never reaches a bet the server accepted.
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function withdraw(address token, uint256 amount) external nonReentrant supportedToken(token) {
        _withdraw(msg.sender, token, amount);
    }

    /// @inheritdoc ICasino
    function withdrawFor(address player, address token, uint256 amount) external nonReentrant onlyRelay supportedToken(token) {
        _withdraw(player, token, amount);
    }

    /// @inheritdoc ICasino
    function exchange(address player, address fromToken, uint256 amountIn, uint256 amountOut)
        external
        nonReentrant
        onlySwapDesk
        supportedToken(fromToken)
    {
        if (amountIn == 0 || amountOut == 0) revert ZeroAmount();
        uint256 balance = _s.balanceOf(player, fromToken);
        if (balance < amountIn) revert InsufficientBalance(balance, amountIn);
        address toToken = fromToken == NATIVE ? address(degen) : NATIVE;
        House storage out = _s.house[toToken];
        // A swap pays out of the free bankroll above the floor, as a reservation may take: so that it
        // never leaves too little for a one-click bet on its way (CasinoLedger.aboveFloor).
        uint256 free = CasinoLedger.aboveFloor(out, _s.config);
        if (amountOut > free) revert InsufficientBankroll(free, amountOut);
        _s.setBalance(player, fromToken, balance - amountIn);
        _s.credit(player, toToken, amountOut);
        out.bankroll -= uint96(amountOut); // ≤ the free bankroll
        House storage into = _s.house[fromToken];
        into.bankroll = (uint256(into.bankroll) + amountIn).toUint96();
        emit Swapped(player, fromToken, amountIn, amountOut);
    }

    /// @notice A player's free vault balance of a token.
    function getBalance(address player, address token) external view returns (uint256) {
        return _s.balanceOf(player, token);
    }

    function _withdraw(address player, address token, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        uint256 balance = _s.balanceOf(player, token);
        if (balance < amount) revert InsufficientBalance(balance, amount);
        _s.setBalance(player, token, balance - amount);
        _s.accounted[token] -= amount;
        emit Withdrawn(player, token, amount);
        _send(token, player, amount);
    }
}
