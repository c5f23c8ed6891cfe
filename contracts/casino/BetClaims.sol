// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {FairRandom} from "../FairRandom.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {CasinoLimits} from "../CasinoLimits.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {CasinoStorage, HouseCache, PlayerState, Lane, Bet} from "./CasinoStorage.sol";

/// @title BetClaims
/// @notice What a player, or anyone, can do about a bet the settler leaves open: claim it after its
///         settle window, and keep its jackpot draw past the EVM's block-hash window. Runs in the
///         Casino's own storage (an external library, called by delegatecall) to keep the Casino
///         within the 24 KiB contract size limit.
library BetClaims {
    using CasinoLedger for CasinoStorage;

    /// @notice Pays the player of an expired bet its reserved maximum payout and draws its jackpot
    ///         exactly as its settlement would have (Casino.claimExpired).
    function claimExpired(CasinoStorage storage s, uint256 betId, address degen, CasinoLimits limits) external {
        Bet memory bet = s.bets[betId];
        if (bet.stake == 0) revert ICasino.BetNotOpen(betId);
        address player = CasinoLedger.playerOf(betId);
        if (msg.sender != player) revert ICasino.NotBetPlayer();
        if (block.timestamp < bet.claimableAt) revert ICasino.NotExpired(bet.claimableAt);
        uint32 nonce = uint32(betId);
        // Its lane resolves past it (a wallet bet's is the player's own); its seed stays unrevealed.
        if (CasinoLedger.laneOf(betId) != 0) {
            Lane storage lane = s.lanes[betId >> 32];
            if (nonce != lane.resolved) revert ICasino.OutOfOrder(betId, lane.resolved);
            lane.resolved = nonce + 1;
        } else {
            PlayerState storage state = s.players[player];
            if (nonce != state.resolved) revert ICasino.OutOfOrder(betId, state.resolved);
            state.resolved = nonce + 1;
        }
        delete s.bets[betId];

        (uint256 totalStake, uint256 bound, address token) = CasinoLedger.amountsOf(bet, degen);
        HouseCache memory funds;
        s.release(player, token, totalStake, bound, bound, bet, s.cachedFunds(funds, token, bet.isNative));
        if (s.players[player].limited) limits.afterPayout(player, bet.isNative, bound);
        emit ICasino.ExpiredBetClaimed(betId, player, bound);
        emit ICasino.GamePlayed(player, totalStake, bound, bound > totalStake, bet.gameType);
        uint256 win = bet.isNative ? 0 : s.drawJackpot(betId, player, bet, funds, token);
        s.storeFunds(funds, degen);
        s.creditBet(betId, token, bound);
        s.credit(player, token, win);
    }

    /// @notice Records the block hash of open DEGEN bets' jackpot draws while the EVM still shows
    ///         it (Casino.lockJackpotEntropy), and those of every block noted for it (CasinoLedger.recordDrawBlocks).
    function lockJackpotEntropy(CasinoStorage storage s, address degen, uint256[] calldata betIds) external {
        s.recordDrawBlocks(degen);
        for (uint256 i; i < betIds.length; ++i) {
            uint256 betId = betIds[i];
            Bet storage bet = s.bets[betId];
            if (bet.stake == 0 || bet.isNative || s.lockedEntropy[betId] != 0) continue;
            bytes32 entropy = FairRandom.blockHash(bet.placedBlock);
            if (entropy == 0) continue;
            s.lockedEntropy[betId] = entropy;
            emit ICasino.JackpotEntropyLocked(betId, entropy);
        }
    }
}
