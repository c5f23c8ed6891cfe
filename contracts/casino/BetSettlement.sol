// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {FairRandom} from "../FairRandom.sol";
import {Payouts} from "../Payouts.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {CasinoStorage, CasinoEnv, HouseCache, PlayerState, Lane, Bet} from "./CasinoStorage.sol";

/// @title BetSettlement
/// @notice A bet's settlement: its seed revealed in its lane's order, the payout the rules give
///         for the random word (and the player's signed actions), its reservation released and its
///         jackpot drawn. Runs in the Casino's own storage (an external library, called by
///         delegatecall) to keep the Casino within the 24 KiB contract size limit.
library BetSettlement {
    using CasinoLedger for CasinoStorage;

    /// @notice Settles several bets in order, skipping with SettlementSkipped, and leaving as it
    ///         was, each bet that cannot be settled as given (Casino.settleBatch): one player's
    ///         transaction mined just before the batch thus cannot revert everyone else's settlement.
    function settleBatch(
        CasinoStorage storage s,
        CasinoEnv calldata env,
        uint256[] calldata betIds,
        bytes32[] calldata seeds,
        uint256[] calldata payouts
    ) external {
        uint256 count = betIds.length;
        if (seeds.length != count || payouts.length != count) revert ICasino.LengthMismatch();
        HouseCache memory funds;
        for (uint256 i; i < count; ++i) _settle(s, env, betIds[i], seeds[i], payouts[i], "", true, true, funds);
        s.storeFunds(funds, env.degen);
    }

    /// @notice Settles an open bet: seed revealed in order, the rules' payout for the seed and the
    ///         actions (checked against `expected` when `check`), reservation released, jackpot
    ///         drawn. Reverts with the reason a bet cannot be settled (Casino.settle, settleFor).
    function settle(CasinoStorage storage s, CasinoEnv calldata env, uint256 betId, bytes32 seed, uint256 expected, bytes calldata actions, bool check)
        external
        returns (uint256 payout, address token)
    {
        HouseCache memory funds;
        (payout, token) = _settle(s, env, betId, seed, expected, actions, check, false, funds);
        s.storeFunds(funds, env.degen);
    }

    /// @dev Every condition is checked before anything is written, so that a refused bet, when
    ///      `skipRefused`, is left exactly as it was (SettlementSkipped names the error a lone
    ///      settle reverts with). A payout above the reservation is never skipped: only a broken
    ///      rules contract gives one.
    function _settle(
        CasinoStorage storage s,
        CasinoEnv calldata env,
        uint256 betId,
        bytes32 seed,
        uint256 expected,
        bytes memory actions,
        bool check,
        bool skipRefused,
        HouseCache memory funds
    ) private returns (uint256 payout, address token) {
        Bet memory bet = s.bets[betId];
        if (bet.stake == 0) {
            if (skipRefused) return _skip(betId, ICasino.BetNotOpen.selector);
            revert ICasino.BetNotOpen(betId);
        }
        // The jackpot draws on the hash of the bet's block, which exists from the next block on.
        if (block.number <= bet.placedBlock) {
            if (skipRefused) return _skip(betId, ICasino.EntropyNotReady.selector);
            revert ICasino.EntropyNotReady(betId);
        }
        address player = CasinoLedger.playerOf(betId);
        (uint32 resolved, uint256 link) = _laneLink(s, betId, seed);
        if (uint32(betId) != resolved) {
            if (skipRefused) return _skip(betId, ICasino.OutOfOrder.selector);
            revert ICasino.OutOfOrder(betId, resolved);
        }
        if (link == 0) {
            if (skipRefused) return _skip(betId, ICasino.WrongSeed.selector);
            revert ICasino.WrongSeed(betId);
        }
        uint256 totalStake;
        uint256 bound;
        (totalStake, bound, token) = CasinoLedger.amountsOf(bet, env.degen);
        // The word names the bet's whole nonce (its lane in the high half), as play and the engine do.
        bytes32 random = FairRandom.word(seed, bet.clientSeed, player, uint64(betId), block.chainid, address(this));
        payout = _payoutOf(env, betId, bet, random, actions);
        if (check && payout != expected) {
            if (skipRefused) return _skip(betId, ICasino.PayoutMismatch.selector);
            revert ICasino.PayoutMismatch(betId, expected, payout);
        }
        if (payout > bound) revert ICasino.PayoutAboveReservation(payout, bound);
        _reveal(s, betId, seed, link);
        delete s.bets[betId];
        s.release(player, token, totalStake, bound, payout, bet, s.cachedFunds(funds, token, bet.isNative));
        if (s.players[player].limited) env.limits.afterPayout(player, bet.isNative, payout);
        emit ICasino.BetSettled(betId, seed, random);
        emit ICasino.GamePlayed(player, totalStake, payout, payout > totalStake, bet.gameType);
        s.creditBet(betId, token, payout);
        // A jackpot win goes to the vault, whichever lane the bet was on.
        if (!bet.isNative) s.credit(player, token, s.drawJackpot(betId, player, bet, funds, token));
    }

    /// @dev The nonce of the oldest open bet of the bet's lane (a one-click session's bet resolves on its
    ///      lane, with its lane's chain; a wallet bet on the player's), and the link `seed` is of that
    ///      chain for the bet (0: not its seed).
    function _laneLink(CasinoStorage storage s, uint256 betId, bytes32 seed) private view returns (uint32 resolved, uint256 link) {
        if (CasinoLedger.laneOf(betId) != 0) {
            Lane storage lane = s.lanes[betId >> 32];
            return (lane.resolved, CasinoLedger.laneSeedLink(lane, betId, seed));
        }
        PlayerState storage state = s.players[CasinoLedger.playerOf(betId)];
        return (state.resolved, CasinoLedger.seedLink(state, betId, seed));
    }

    /// @dev `seed`, link `link` of its lane's chain, becomes the lane's commitment, and the bet resolved.
    function _reveal(CasinoStorage storage s, uint256 betId, bytes32 seed, uint256 link) private {
        uint32 nonce = uint32(betId);
        if (CasinoLedger.laneOf(betId) == 0) return CasinoLedger.revealSeed(s.players[CasinoLedger.playerOf(betId)], seed, link, nonce);
        Lane storage lane = s.lanes[betId >> 32];
        (lane.commit, lane.head, lane.resolved) = (seed, uint32(link), nonce + 1);
    }

    /// @dev Leaves a bet of a batch open and unchanged, saying why: nothing is paid or written.
    function _skip(uint256 betId, bytes4 reason) private returns (uint256 payout, address token) {
        emit ICasino.SettlementSkipped(betId, reason);
        return (0, address(0));
    }

    /// @dev The rules' payout. A staked split is played when the log settled starts with it (and
    ///      the deal allows it), else void; a log that splits needs it staked.
    function _payoutOf(CasinoEnv calldata env, uint256 betId, Bet memory bet, bytes32 random, bytes memory actions) private view returns (uint256) {
        if (bet.gameType == Payouts.BLACKJACK) {
            if (bet.split) return env.rules.splitStakedPayout(bet.isNative, bet.stake, random, actions);
            if (actions.length != 0 && actions[0] == "P") revert ICasino.SplitNotStaked(betId);
        }
        return env.rules.payout(bet.gameType, bet.params, bet.isNative, bet.stake, random, actions);
    }
}
