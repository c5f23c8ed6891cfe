// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {FairRandom} from "../FairRandom.sol";
import {Payouts} from "../Payouts.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {ISessionCasino} from "../interfaces/ISessionCasino.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {CasinoStorage, CasinoEnv, Config, House, HouseCache, PlayerState} from "./CasinoStorage.sol";

/// @title SessionPlay
/// @notice The Casino's one-click play: bets of games that need no decision placed and settled in
///         the same transaction, and the deferred jackpot draw of those that are DEGEN bets. Runs in
///         the Casino's own storage (an external library, called by delegatecall) to keep the
///         Casino within the 24 KiB contract size limit.
library SessionPlay {
    using CasinoLedger for CasinoStorage;

    /// @notice What one playFor carries from bet to bet.
    struct Batch {
        Config cfg;
        uint256 terms;
        uint256 pool;
        bytes32 tickets;
        uint256 ticketCount;
        HouseCache funds;
    }

    /// @notice A recorded draw whose block hash was already gone: the batch is void (CasinoLedger.voidDraw).
    ///         A recorded draw is told from a block number by its size: a block hash at most
    ///         2^64 has a chance of 2^-192.
    uint256 internal constant VOID_DRAW = type(uint256).max;

    /// @notice Places and settles each bet from its player's vault with its seed; returns the payouts.
    ///         The jackpot draws of its DEGEN bets wait for this block's hash (JackpotTicketsIssued):
    ///         the next play of a later block records them, with those of every batch of this block
    ///         (JackpotTicketsDrawn), so that a batch without a hit needs no transaction of its own;
    ///         drawJackpots pays the hits.
    // Memory, not calldata: each bet reads env, and a read from memory is cheaper (100 gas a bet in
    // bench/session-gas.ts).
    // solhint-disable-next-line gas-calldata-parameters
    function playFor(CasinoStorage storage s, CasinoEnv memory env, ISessionCasino.SignedBet[] calldata bets, bytes32[] calldata seeds)
        external
        returns (uint256[] memory payouts)
    {
        uint256 count = bets.length;
        if (seeds.length != count) revert ICasino.LengthMismatch();
        Config memory cfg = s.config;
        if (cfg.paused) revert ICasino.IsPaused();
        payouts = new uint256[](count);
        Batch memory batch;
        batch.cfg = cfg;
        batch.terms = CasinoLedger.termsOf(cfg);
        batch.pool = s.jackpotPool;
        bool recorded = _recordPendingDraws(s);
        for (uint256 i; i < count; ++i) payouts[i] = _play(s, env, bets[i].bet, seeds[i], batch);
        s.storeFunds(batch.funds, env.degen);
        if (batch.ticketCount != 0) {
            // A batch still pending is of this same block (an earlier one was recorded above): it
            // is recorded with this one. Else it would need a drawJackpots of its own, and a relay
            // round's transactions share a block.
            bytes32 pending = s.pendingTickets;
            if (pending != 0 && s.ticketBlocks[pending] == block.number) s.ticketsBefore[batch.tickets] = pending;
            s.ticketBlocks[batch.tickets] = block.number;
            s.pendingTickets = batch.tickets;
            emit ICasino.JackpotTicketsIssued(batch.tickets, batch.ticketCount);
        } else if (recorded) {
            s.pendingTickets = 0;
        }
    }

    /// @notice Records the draws of the batches of tickets of the latest block that issued any,
    ///         once that block's hash exists: the hash, which nobody knew when their bets were
    ///         sent, is kept in place of the block. The latest batch first, then each one before
    ///         it in its block (ticketsBefore); a batch drawJackpots drew already is passed over.
    /// @return recorded whether the draws were recorded
    function _recordPendingDraws(CasinoStorage storage s) private returns (bool recorded) {
        bytes32 tickets = s.pendingTickets;
        if (tickets == 0) return false;
        uint256 placedBlock = s.ticketBlocks[tickets];
        // This block's: not yet (a pending batch is never a recorded draw; 0: drawn already, by
        // drawJackpots, which waits for the next block, so its block is past and so is this one's).
        if (placedBlock >= block.number) return false;
        bytes32 entropy;
        uint256 entropyBlock;
        while (tickets != 0) {
            uint256 issuedIn = s.ticketBlocks[tickets];
            if (issuedIn != 0) {
                if (issuedIn != entropyBlock) (entropy, entropyBlock) = (FairRandom.blockHash(issuedIn), issuedIn);
                s.ticketBlocks[tickets] = entropy == 0 ? VOID_DRAW : uint256(entropy);
                emit ICasino.JackpotTicketsDrawn(tickets, entropy);
            }
            bytes32 before = s.ticketsBefore[tickets];
            if (before != 0) delete s.ticketsBefore[tickets];
            tickets = before;
        }
        return true;
    }

    /// @notice Draws a batch of tickets on the hash of the block that issued them (a hash gone from
    ///         the EVM's window makes the batch void: CasinoLedger.voidDraw),
    ///         or on the draw a later play recorded, and pays its hits from the pool.
    function drawJackpots(CasinoStorage storage s, address degen, ICasino.JackpotTicket[] calldata tickets) external {
        bytes32 hash;
        for (uint256 i; i < tickets.length; ++i) hash = nextTickets(hash, tickets[i].betId, tickets[i].odds, tickets[i].prize);
        uint256 blockOrDraw = s.ticketBlocks[hash];
        if (blockOrDraw == 0) revert ICasino.UnknownTickets(hash);
        bytes32 entropy;
        if (blockOrDraw <= type(uint64).max) {
            if (block.number <= blockOrDraw) revert ICasino.EntropyNotReady(tickets[0].betId);
            entropy = FairRandom.blockHash(blockOrDraw);
            // One event for the batch: whoever holds its tickets recomputes every roll from it. A
            // hit is also published on its own, as a settlement's draw is.
            emit ICasino.JackpotTicketsDrawn(hash, entropy);
        } else if (blockOrDraw != VOID_DRAW) {
            entropy = bytes32(blockOrDraw);
        }
        delete s.ticketBlocks[hash];
        if (entropy == 0) return _drawVoid(s, degen, tickets);
        uint256 pool = s.jackpotPool;
        for (uint256 i; i < tickets.length; ++i) {
            ICasino.JackpotTicket calldata ticket = tickets[i];
            if (FairRandom.jackpotRoll(address(this), ticket.betId, entropy) >= ticket.odds) continue;
            uint256 win = Math.min(ticket.prize, pool);
            emit ICasino.JackpotDrawn(ticket.betId, entropy, win, true);
            if (win == 0) continue;
            pool -= win;
            address player = CasinoLedger.playerOf(ticket.betId);
            emit ICasino.JackpotWon(player, win);
            s.credit(player, degen, win);
        }
        s.jackpotPool = pool;
    }

    /// @dev A void batch: no ticket wins, and the house's free bankroll pays each one's fair value
    ///      into the pool (CasinoLedger.voidDraw).
    function _drawVoid(CasinoStorage storage s, address degen, ICasino.JackpotTicket[] calldata tickets) private {
        House memory funds = s.house[degen];
        uint256 funded;
        for (uint256 i; i < tickets.length; ++i) funded += CasinoLedger.voidDraw(tickets[i].betId, tickets[i].prize, tickets[i].odds, funds);
        s.house[degen] = funds;
        s.jackpotPool += funded;
    }

    /// @notice The hash that stands for a batch's jackpot tickets, one ticket further.
    function nextTickets(bytes32 tickets, uint256 betId, uint256 odds, uint256 prize) internal pure returns (bytes32) {
        return keccak256(abi.encode(tickets, betId, odds, prize));
    }

    /// @dev One bet: the stake from the vault, the seed revealed, the rules' payout credited; a
    ///      DEGEN bet with odds gets a ticket for the deferred draw. Reads the player's nonces, DEGEN
    ///      balance and commitment (two slots; BNB's balance a third) and nothing of open bets, since
    ///      there may be none: this bet's seed comes after theirs in the chain.
    // The bet in memory, copied once: its fields are read a dozen times, and each read from calldata
    // is checked again (bench/session-gas.ts).
    function _play(CasinoStorage storage s, CasinoEnv memory env, ISessionCasino.BetInput memory bet, bytes32 seed, Batch memory batch)
        private
        returns (uint256 payout)
    {
        bool isNative = bet.token == CasinoLedger.NATIVE;
        if (!isNative && bet.token != env.degen) revert ICasino.UnsupportedToken(bet.token);
        if (bet.terms != batch.terms) revert ICasino.TermsChanged(batch.terms);
        if (Payouts.isInteractive(bet.gameType, bet.params)) revert ICasino.InteractiveBet(bet.gameType, bet.params);
        address player = bet.player;
        PlayerState storage state = s.players[player];
        uint32 nonce = state.nextNonce;
        if (bet.nonce != nonce) revert ICasino.WrongNonce(nonce);
        if (state.resolved != nonce) revert ICasino.OpenBetExists();
        if (nonce >= state.chainEnd) revert ICasino.ChainExhausted();
        House memory funds = s.cachedFunds(batch.funds, bet.token, isNative);
        _checkStake(bet, batch.cfg, funds);
        uint256 betId = (uint256(uint160(player)) << 64) | nonce;
        {
            bytes32 commit = state.commit;
            if (commit == bytes32(0)) revert ICasino.NoCommitment();
            if (bet.expectedCommit != commit && bet.expectedCommit != state.root) revert ICasino.StaleCommitment(commit);
        }
        CasinoLedger.advanceChain(state, betId, seed, true);
        state.nextNonce = nonce + 1;
        state.resolved = nonce + 1;
        bool limited = state.limited;
        if (limited) env.limits.beforeBet(player, isNative, bet.amount);
        bytes32 word = FairRandom.word(seed, bet.clientSeed, player, nonce, block.chainid, address(this));
        payout = env.rules.payout(bet.gameType, bet.params, isNative, bet.amount, word, "");
        uint256 balance = s.balanceOf(player, bet.token);
        if (balance < bet.amount) revert ICasino.InsufficientBalance(balance, bet.amount);
        s.setBalance(player, bet.token, balance - bet.amount + payout);
        // payout ≤ the bet's maximum payout ≤ riskBps of the free bankroll (checked by _checkStake)
        funds.bankroll = uint128(uint256(funds.bankroll) + bet.amount - payout);
        if (limited) env.limits.afterPayout(player, isNative, payout);

        uint256 prize = isNative ? 0 : FairRandom.betJackpotPrize(bet.amount, batch.cfg.jackpotEdgeBps, batch.pool, batch.cfg.jackpotShareBps);
        uint256 odds = FairRandom.jackpotOdds(bet.amount, batch.cfg.jackpotEdgeBps, prize);
        emit ICasino.BetPlaced(betId, player, bet.token, bet.amount, bet.gameType, bet.params, nonce, bet.clientSeed, batch.terms, odds, prize);
        emit ICasino.BetSettled(betId, seed, word);
        emit ICasino.GamePlayed(player, bet.amount, payout, payout > bet.amount, bet.gameType);
        if (odds != 0) {
            batch.tickets = nextTickets(batch.tickets, betId, odds, prize);
            ++batch.ticketCount;
        }
    }

    /// @dev minBet, and maxBet for a player with no open bet (so nothing reserved): the bet's
    ///      maximum payout within riskBps of the free bankroll and playerRiskBps of the bankroll.
    function _checkStake(ISessionCasino.BetInput memory bet, Config memory cfg, House memory funds) private pure {
        (uint256 num, uint256 den) = Payouts.ratio(bet.gameType, bet.params, bet.token == CasinoLedger.NATIVE, false);
        uint256 minimum = CasinoLedger.minBetOf(bet.token);
        if (bet.amount < minimum) revert ICasino.BetTooSmall(bet.amount, minimum);
        uint256 reservable = Math.min(
            ((uint256(funds.bankroll) - funds.reserved) * cfg.riskBps) / CasinoLedger.BPS,
            Math.min((uint256(funds.bankroll) * cfg.playerRiskBps) / CasinoLedger.BPS, type(uint80).max)
        );
        uint256 maximum = Math.min((reservable * den) / num, CasinoLedger.maxBetLimitOf(bet.token, cfg));
        if (bet.amount > maximum) revert ICasino.BetTooLarge(bet.amount, maximum);
    }
}
