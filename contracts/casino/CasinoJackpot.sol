// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IJackpotSink} from "../interfaces/IJackpotSink.sol";
import {SessionPlay} from "./SessionPlay.sol";
import {BetClaims} from "./BetClaims.sol";
import {CasinoBase} from "./CasinoBase.sol";

/// @title CasinoJackpot
/// @notice The DEGEN jackpot pool: funding (anyone, and the token's tax share), the deferred draws
///         of one-click bets, the entropy lock of open bets, and the pool's views.
abstract contract CasinoJackpot is CasinoBase, IJackpotSink {
    /// @notice Keeps the jackpot draw of open DEGEN bets past the blocks in which the EVM shows
    ///         their block's hash (256, or 8191 with EIP-2935): records that hash for a settlement
    ///         or claim later. Without it, a draw whose hash is gone is void: it wins the player
    ///         nothing, and the house's bankroll pays its fair value into the pool. The player (the
    ///         app, when the house is late) and the house's settler call it for bets left open.
    ///         Anyone may call it; it changes no roll. Bets already resolved, recorded, or whose
    ///         hash is gone are skipped.
    /// @param betIds open bets
    function lockJackpotEntropy(uint256[] calldata betIds) external {
        BetClaims.lockJackpotEntropy(_s, address(degen), betIds);
    }

    /// @notice Draws the jackpot of the DEGEN bets one playFor placed and settled, once the hash of
    ///         their block exists; anyone may call it (the server's settler does in the next block,
    ///         the app does for its player when it is late). As for every draw, a hash gone from
    ///         the EVM's window makes it void (CasinoLedger.voidDraw).
    /// @param tickets the batch's tickets in order, as its BetPlaced events published them (the
    ///        DEGEN bets with odds above 0)
    function drawJackpots(JackpotTicket[] calldata tickets) external nonReentrant {
        SessionPlay.drawJackpots(_s, address(degen), tickets);
    }

    /// @notice Adds DEGEN to the jackpot pool; anyone may fund. The pool can never be withdrawn.
    /// @param amount base units of DEGEN
    function fundJackpot(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        _collect(address(degen), amount);
        _s.jackpotPool += amount;
        emit JackpotFunded(msg.sender, amount);
    }

    /// @notice Books the jackpot share of DEGEN's trade tax, already transferred here by the token.
    /// @param amount base units of DEGEN
    function creditJackpotFromTax(uint256 amount) external override {
        if (msg.sender != address(degen)) revert NotDegen();
        _s.accounted[msg.sender] += amount;
        _s.jackpotPool += amount;
        emit JackpotFunded(msg.sender, amount);
    }

    /// @notice The DEGEN jackpot pool.
    function jackpotPool() external view returns (uint256) {
        return _s.jackpotPool;
    }

    /// @notice The jackpot terms of a DEGEN bet placed now, in basis points: its expected win as
    ///         a share of its stake, and the share of the pool a hit wins.
    function jackpotTerms() external view returns (uint256 edgeBps, uint256 shareBps) {
        return (_s.config.jackpotEdgeBps, _s.config.jackpotShareBps);
    }

    /// @notice The entropy recorded for an open bet's jackpot draw by lockJackpotEntropy (0 if none).
    function lockedEntropy(uint256 betId) external view returns (bytes32) {
        return _s.lockedEntropy[betId];
    }
}
