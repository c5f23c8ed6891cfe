// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {FairRandom} from "../FairRandom.sol";
import {Payouts} from "../Payouts.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {CasinoLimits} from "../CasinoLimits.sol";
import {ISessionCasino, SKIPPED_PAYOUT} from "../interfaces/ISessionCasino.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {CasinoStorage, CasinoEnv, Config, House, HouseCache, Lane} from "./CasinoStorage.sol";

/// @title SessionPlay
/// @notice The Casino's one-click play, on the lanes of sessions (docs/decisions.md §4, "lanes"):
///         a lane opened and closed, bets of games that need no decision placed and settled in the
///         same transaction, a lane's bet placed to be settled later, a lane hand's split, and the
///         deferred jackpot draw of one-click DEGEN bets. Runs in the Casino's own storage (an
///         external library, called by delegatecall) to keep the Casino within the 24 KiB contract
///         size limit.
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

    /// @notice Opens a session's lane (Casino.openLane): its chain's root, and its funds taken from
    ///         the player's vault, where they stay the lane's alone until the session ends.
    function openLane(
        CasinoStorage storage s,
        address degen,
        address player,
        uint32 lane,
        bytes32 commit,
        uint256 degenFunds,
        uint256 nativeFunds
    ) external {
        if (commit == bytes32(0)) revert ICasino.InvalidCommitment();
        Lane storage opened = s.lanes[_laneId(player, lane)];
        s.takeFromVault(player, degen, degenFunds);
        s.takeFromVault(player, CasinoLedger.NATIVE, nativeFunds);
        opened.commit = commit;
        opened.degenFunds = uint96(degenFunds); // at most the vault's uint96
        opened.nativeFunds = uint88(nativeFunds); // at most the vault's uint88
        emit ICasino.LaneOpened(player, lane, commit, degenFunds, nativeFunds);
    }

    /// @notice Gives what a lane holds back to its player's vault (Casino.closeLane).
    function closeLane(CasinoStorage storage s, address degen, address player, uint32 lane) external returns (uint256 degenFunds, uint256 nativeFunds) {
        Lane storage closed = s.lanes[_laneId(player, lane)];
        (degenFunds, nativeFunds) = (closed.degenFunds, closed.nativeFunds);
        (closed.degenFunds, closed.nativeFunds) = (0, 0);
        s.credit(player, degen, degenFunds);
        s.credit(player, CasinoLedger.NATIVE, nativeFunds);
        emit ICasino.LaneClosed(player, lane, degenFunds, nativeFunds);
    }

    /// @notice Places a lane's bet to be settled later (Casino.placeFor): an interactive game's,
    ///         or a bet its player places with the house's countersignature when the relay did not
    ///         play it. The bet is held to the room like a wallet bet (CasinoLedger.checkStake);
    ///         its stake comes from the lane's funds.
    function placeFor(CasinoStorage storage s, CasinoEnv calldata env, ISessionCasino.BetInput calldata bet, uint256 deadline)
        external
        returns (uint256 betId)
    {
        Config memory cfg = s.config;
        if (cfg.paused) revert ICasino.IsPaused();
        uint256 terms = s.laneTerms(cfg, bet.terms, deadline);
        if (terms == 0) revert ICasino.TermsChanged(CasinoLedger.termsOf(cfg));
        cfg = CasinoLedger.withTerms(cfg, terms);
        ISessionCasino.BetInput memory input = bet;
        (uint256 num, uint256 den) = s.checkStake(input, cfg);
        address player = input.player;
        betId = (uint256(uint160(player)) << 64) | input.nonce;
        Lane storage lane = s.lanes[betId >> 32];
        if (lane.commit == bytes32(0)) revert ICasino.NoCommitment();
        uint32 next = lane.next;
        if (uint32(input.nonce) != next) revert ICasino.WrongNonce((uint256(uint32(input.nonce >> 32)) << 32) | next);
        if (lane.resolved != next) revert ICasino.OpenBetExists();
        lane.next = next + 1;
        bool isNative = input.token == CasinoLedger.NATIVE;
        CasinoLedger.takeFromLane(lane, isNative, input.amount);
        s.openBet(betId, input, cfg, num, den);
        if (s.players[player].limited) env.limits.beforeBet(player, isNative, input.amount, deadline);
    }

    /// @notice The second stake of a lane's blackjack split, from the lane's funds (Casino.addStakeFor).
    function addStakeFor(CasinoStorage storage s, address degen, CasinoLimits limits, uint256 betId) external {
        if (CasinoLedger.laneOf(betId) == 0) revert ICasino.NotBetPlayer();
        (uint256 stake, address token) = s.addStake(betId, degen, limits);
        CasinoLedger.takeFromLane(s.lanes[betId >> 32], token == CasinoLedger.NATIVE, stake);
    }

    /// @notice Places and settles each bet from its lane's funds with its seed; returns the payouts.
    ///         A bet that cannot be placed (refused by the sessions, `refusals`, or here: its
    ///         lane's nonce or funds, the terms, the bankroll's solvency, the player's own limits)
    ///         is skipped (BetSkipped, paid SKIPPED_PAYOUT with its reason) and the others settle.
    ///         None of these is the player's to cause once the house accepted the bet (the lane's
    ///         funds and nonces move by its own bets alone, and every window honours the bets
    ///         accepted before a change), so a skip never spends a nonce. A pause, no player's
    ///         doing, reverts the whole batch (IsPaused).
    ///         The jackpot draws of its DEGEN bets wait for this block's hash (JackpotTicketsIssued):
    ///         the next play of a later block records them, with those of every batch of this block
    ///         (JackpotTicketsDrawn), so that a batch without a hit needs no transaction of its own;
    ///         drawJackpots pays the hits.
    // Memory, not calldata: each bet reads env, and a read from memory is cheaper (100 gas a bet in
    // bench/session-gas.ts).
    // solhint-disable-next-line gas-calldata-parameters
    function playFor(
        CasinoStorage storage s,
        CasinoEnv memory env,
        ISessionCasino.SignedBet[] calldata bets,
        bytes32[] calldata seeds,
        bytes4[] calldata refusals
    ) external returns (uint256[] memory payouts) {
        uint256 count = bets.length;
        if (seeds.length != count || refusals.length != count) revert ICasino.LengthMismatch();
        Config memory cfg = s.config;
        // The owner's pause is no player's doing: the batch reverts, as it always did.
        if (cfg.paused) revert ICasino.IsPaused();
        payouts = new uint256[](count);
        Batch memory batch;
        batch.cfg = cfg;
        batch.terms = CasinoLedger.termsOf(cfg);
        batch.pool = s.jackpotPool;
        bool recorded = _recordPendingDraws(s);
        for (uint256 i; i < count; ++i) payouts[i] = _play(s, env, bets[i], seeds[i], refusals[i], batch);
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
        s.recordDrawBlocks(degen);
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

    /// @dev One bet: the stake from its lane's funds, the seed revealed, the rules' payout credited
    ///      to the lane; a DEGEN bet with odds gets a ticket for the deferred draw. Reads the lane's
    ///      commitment and nonces with its DEGEN funds (two slots; BNB's funds a third) and the
    ///      player's limits mark. Every condition is checked before anything is written, so that
    ///      a refused bet is skipped (_skip).
    // The bet in memory, copied once: its fields are read a dozen times, and each read from calldata
    // is checked again (bench/session-gas.ts).
    function _play(
        CasinoStorage storage s,
        CasinoEnv memory env,
        ISessionCasino.SignedBet calldata signed,
        bytes32 seed,
        bytes4 refusal,
        Batch memory batch
    ) private returns (uint256 payout) {
        ISessionCasino.BetInput memory bet = signed.bet;
        address player = bet.player;
        uint256 betId = (uint256(uint160(player)) << 64) | bet.nonce;
        Lane storage lane = s.lanes[betId >> 32];
        bool isNative = bet.token == CasinoLedger.NATIVE;
        uint256 terms = bet.terms == batch.terms ? bet.terms : s.laneTerms(batch.cfg, bet.terms, signed.deadline);
        if (refusal == 0) refusal = _refusal(env, bet, terms, lane);
        if (refusal != 0) return _skip(player, bet.nonce, refusal);
        House memory funds = s.cachedFunds(batch.funds, bet.token, isNative);
        uint256 laneFunds = isNative ? lane.nativeFunds : lane.degenFunds;
        uint256 link;
        bytes32 word;
        if (laneFunds < bet.amount) refusal = ICasino.InsufficientBalance.selector;
        else refusal = _stakeRefusal(bet, isNative, funds);
        if (refusal == 0) {
            link = CasinoLedger.laneSeedLink(lane, betId, seed);
            if (link == 0) refusal = ICasino.WrongSeed.selector;
        }
        if (refusal == 0 && s.players[player].limited) refusal = _limitsRefusal(env, player, isNative, bet.amount, signed.deadline);
        if (refusal != 0) return _skip(player, bet.nonce, refusal);

        word = FairRandom.word(seed, bet.clientSeed, player, bet.nonce, block.chainid, address(this));
        payout = env.rules.payout(bet.gameType, bet.params, isNative, bet.amount, word, "");
        (lane.commit, lane.head) = (seed, uint32(link));
        (lane.next, lane.resolved) = (uint32(bet.nonce) + 1, uint32(bet.nonce) + 1);
        laneFunds = laneFunds - bet.amount + payout;
        if (isNative) lane.nativeFunds = uint88(laneFunds); // ≤ the lane's funds and the bankroll, within the token's supply
        else lane.degenFunds = uint96(laneFunds);
        // payout ≤ the bet's maximum payout ≤ the free bankroll (_stakeRefusal)
        funds.bankroll = uint96(uint256(funds.bankroll) + bet.amount - payout);
        if (s.players[player].limited) env.limits.afterPayout(player, isNative, payout);
        (uint256 prize, uint256 odds) = isNative ? (0, 0) : FairRandom.betJackpot(bet.amount, uint16(terms >> 32), batch.pool, uint16(terms >> 48));
        emit ICasino.BetPlaced(betId, player, bet.token, bet.amount, bet.gameType, bet.params, bet.nonce, bet.clientSeed, terms, odds, prize);
        emit ICasino.BetSettled(betId, seed, word);
        emit ICasino.GamePlayed(player, bet.amount, payout, payout > bet.amount, bet.gameType);
        if (odds != 0) {
            batch.tickets = nextTickets(batch.tickets, betId, odds, prize);
            ++batch.ticketCount;
        }
    }

    /// @dev Why the Casino cannot place a bet now (0: it can), short of its stake, its seed and the
    ///      player's own limits: its token, terms (`terms` 0: neither the current ones nor those a
    ///      change replaced within the bet's window) and game, its lane's nonce (the lane's next,
    ///      with no bet of the lane open).
    function _refusal(CasinoEnv memory env, ISessionCasino.BetInput memory bet, uint256 terms, Lane storage lane) private view returns (bytes4) {
        if (bet.token != CasinoLedger.NATIVE && bet.token != env.degen) return ICasino.UnsupportedToken.selector;
        if (terms == 0) return ICasino.TermsChanged.selector;
        if (Payouts.isInteractive(bet.gameType, bet.params)) return ICasino.InteractiveBet.selector;
        if (lane.commit == bytes32(0)) return ICasino.NoCommitment.selector;
        uint32 next = lane.next;
        if (uint32(bet.nonce) != next) return ICasino.WrongNonce.selector;
        if (lane.resolved != next) return ICasino.OpenBetExists.selector;
        return 0;
    }

    /// @dev What the player's own limits say of the stake (CasinoLimits.beforeBet, which counts it
    ///      when it allows it): 0, or the selector of their refusal. A failure without an error
    ///      (out of gas) is no refusal: it reverts the batch, so no bet passes limits unchecked.
    function _limitsRefusal(CasinoEnv memory env, address player, bool isNative, uint256 amount, uint256 deadline) private returns (bytes4) {
        try env.limits.beforeBet(player, isNative, amount, deadline) {
            return 0;
        } catch (bytes memory reason) {
            if (reason.length < 4) {
                // solhint-disable-next-line no-inline-assembly
                assembly ("memory-safe") {
                    revert(add(reason, 0x20), mload(reason))
                }
            }
            return bytes4(reason);
        }
    }

    /// @dev Leaves a refused bet unplaced, saying why. Its seed is public in this transaction, and
    ///      its nonce stays as it was: the refusal is the house's doing (the lane's funds and
    ///      nonces move by its own bets alone), and the player may place the bet with its
    ///      countersignature at the same outcome.
    function _skip(address player, uint64 nonce, bytes4 reason) private returns (uint256) {
        emit ICasino.BetSkipped(player, nonce, reason);
        return SKIPPED_PAYOUT | uint32(reason);
    }

    /// @dev minBet, and the bankroll's solvency for the bet's maximum payout: BetTooSmall or
    ///      InsufficientBankroll's selector, or 0. The server accepted the bet only when its maximum
    ///      payout was within the room (the wallet path's maxBet, docs/decisions.md §4), and no
    ///      reservation or swap, from any account, can take the free bankroll below the floor
    ///      (CasinoLedger.aboveFloor), which covers it: so a bet the house accepted is placed
    ///      whatever its outcome, and only the house's own losses or withdrawal in the meantime
    ///      can skip it. The check reads the maximum payout, never the payout, so that a bet's
    ///      outcome never decides whether it is placed. Params the rules refuse revert the batch
    ///      when the rules run, as before.
    function _stakeRefusal(ISessionCasino.BetInput memory bet, bool isNative, House memory funds) private pure returns (bytes4) {
        if (bet.amount < CasinoLedger.minBetOf(bet.token)) return ICasino.BetTooSmall.selector;
        uint256 bound = Payouts.maxPayout(bet.gameType, bet.params, isNative, false, bet.amount);
        if (bound > uint256(funds.bankroll) - funds.reserved) return ICasino.InsufficientBankroll.selector;
        return 0;
    }

    function _laneId(address player, uint32 lane) private pure returns (uint256) {
        return (uint256(uint160(player)) << 32) | lane;
    }
}
