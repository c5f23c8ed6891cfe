// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {FairRandom} from "../FairRandom.sol";
import {Payouts} from "../Payouts.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {CasinoLimits} from "../CasinoLimits.sol";
import {CasinoSessions} from "../CasinoSessions.sol";
import {ISessionCasino, SKIPPED_PAYOUT} from "../interfaces/ISessionCasino.sol";
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
    ///         A bet that cannot be placed (refused by the sessions, `refusals`, or here: its
    ///         vault, its nonce, the player's own limits, the terms, the bankroll's room) is skipped
    ///         (BetSkipped, paid SKIPPED_PAYOUT with its reason) and the others settle: one player's
    ///         transaction mined just before the batch no longer reverts everyone else's bets,
    ///         whose seeds a reverted batch would show with their bets still to be placed. A pause,
    ///         no player's doing, reverts the whole batch (IsPaused).
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
        // The owner's pause is no player's doing: the batch reverts, as it always did (see _skip).
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
    ///      there may be none: this bet's seed comes after theirs in the chain. Every condition is
    ///      checked before anything is written, so that a refused bet is skipped (_skip).
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
        PlayerState storage state = s.players[player];
        bool isNative = bet.token == CasinoLedger.NATIVE;
        uint256 betId = (uint256(uint160(player)) << 64) | bet.nonce;
        if (refusal == 0) {
            refusal = _refusal(env, bet, batch, state, isNative);
            if (refusal != 0 && bet.nonce < state.nextNonce && s.walletBetsInSession[betId]) return _forfeit(s, bet, batch, isNative, betId);
        }
        if (refusal != 0) return _skip(state, player, bet.nonce, refusal);
        House memory funds = s.cachedFunds(batch.funds, bet.token, isNative);
        uint256 balance = s.balanceOf(player, bet.token);
        uint256 link;
        bytes32 word;
        uint256 payoutRoom;
        (refusal, payoutRoom) = _stakeRefusal(bet, batch.cfg, funds);
        if (refusal == 0 && balance < bet.amount) refusal = ICasino.InsufficientBalance.selector;
        if (refusal == 0) {
            link = CasinoLedger.seedLink(state, betId, seed, true);
            if (link == 0) refusal = ICasino.WrongSeed.selector;
        }
        if (refusal == 0) {
            word = FairRandom.word(seed, bet.clientSeed, bet.player, bet.nonce, block.chainid, address(this));
            payout = env.rules.payout(bet.gameType, bet.params, isNative, bet.amount, word, "");
            if (payout > payoutRoom) refusal = ICasino.BetTooLarge.selector;
        }
        if (refusal == 0 && state.limited) refusal = _limitsRefusal(env, player, isNative, bet.amount, signed.deadline);
        if (refusal != 0) return _skip(state, player, bet.nonce, refusal);

        CasinoLedger.revealSeed(state, seed, link, uint32(bet.nonce));
        state.nextNonce = uint32(bet.nonce) + 1;
        _pay(s, env, bet, isNative, balance, funds, payout);
        (uint256 prize, uint256 odds) = isNative ? (0, 0) : FairRandom.betJackpot(bet.amount, batch.cfg.jackpotEdgeBps, batch.pool, batch.cfg.jackpotShareBps);
        emit ICasino.BetPlaced(betId, player, bet.token, bet.amount, bet.gameType, bet.params, bet.nonce, bet.clientSeed, batch.terms, odds, prize);
        emit ICasino.BetSettled(betId, seed, word);
        emit ICasino.GamePlayed(player, bet.amount, payout, payout > bet.amount, bet.gameType);
        if (odds != 0) {
            batch.tickets = nextTickets(batch.tickets, betId, odds, prize);
            ++batch.ticketCount;
        }
    }

    /// @dev A bet's payout credited to its player's vault (whose `balance` covers the stake) and
    ///      taken from the bankroll (`funds`, the batch's cache).
    function _pay(
        CasinoStorage storage s,
        CasinoEnv memory env,
        ISessionCasino.BetInput memory bet,
        bool isNative,
        uint256 balance,
        House memory funds,
        uint256 payout
    ) private {
        address player = bet.player;
        s.setBalance(player, bet.token, balance - bet.amount + payout);
        // payout ≤ riskBps of the free bankroll (_stakeRefusal)
        funds.bankroll = uint128(uint256(funds.bankroll) + bet.amount - payout);
        if (s.players[player].limited) env.limits.afterPayout(player, isNative, payout);
    }

    /// @dev Why the Casino cannot place a bet now (0: it can), short of its stake, the vault, its
    ///      seed and the player's own limits: its token, terms and game, its nonce (the
    ///      player's next, with no bet open and a link of the chain left), its commitment.
    function _refusal(CasinoEnv memory env, ISessionCasino.BetInput memory bet, Batch memory batch, PlayerState storage state, bool isNative)
        private
        view
        returns (bytes4)
    {
        if (!isNative && bet.token != env.degen) return ICasino.UnsupportedToken.selector;
        if (bet.terms != batch.terms) return ICasino.TermsChanged.selector;
        if (Payouts.isInteractive(bet.gameType, bet.params)) return ICasino.InteractiveBet.selector;
        uint32 nonce = state.nextNonce;
        if (bet.nonce != nonce) return ICasino.WrongNonce.selector;
        if (state.resolved != nonce) return ICasino.OpenBetExists.selector;
        if (nonce >= state.chainEnd) return ICasino.ChainExhausted.selector;
        bytes32 commit = state.commit;
        if (commit == bytes32(0)) return ICasino.NoCommitment.selector;
        if (bet.expectedCommit != commit && bet.expectedCommit != state.root) return ICasino.StaleCommitment.selector;
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

    /// @dev A bet the sessions took (signed by a key not revoked when the server accepted it, before
    ///      its deadline) whose nonce a wallet bet took while the session lived: the player saw the
    ///      relay's seeds, in a pending or reverted transaction, and bet from the wallet on that
    ///      nonce to cancel a loser. The stake goes to the bankroll, as a loss would: cancelling
    ///      gains nothing. The sessions hold the stake in the vault (CasinoSessions.heldOf), and the
    ///      mark goes with it, so a bet is never forfeited twice. The app never bets from the wallet
    ///      on a nonce whose signed bet may still land (docs/protocol.md §4.3).
    function _forfeit(CasinoStorage storage s, ISessionCasino.BetInput memory bet, Batch memory batch, bool isNative, uint256 betId)
        private
        returns (uint256)
    {
        delete s.walletBetsInSession[betId];
        uint256 balance = s.balanceOf(bet.player, bet.token);
        uint256 amount = Math.min(balance, bet.amount);
        House memory funds = s.cachedFunds(batch.funds, bet.token, isNative);
        s.setBalance(bet.player, bet.token, balance - amount);
        funds.bankroll = uint128(uint256(funds.bankroll) + amount);
        emit ICasino.StakeForfeited(betId, bet.player, bet.token, amount);
        emit ICasino.BetSkipped(bet.player, bet.nonce, ICasino.NonceTakenByWallet.selector, false);
        return SKIPPED_PAYOUT | uint32(ICasino.NonceTakenByWallet.selector);
    }

    /// @dev Leaves a refused bet unplaced, saying why. Its relay seed is public in this
    ///      transaction. When the refusal is the player's own doing (_byPlayer) its nonce is spent,
    ///      if it is the player's next to spend (no bet of theirs open, a link of the chain left):
    ///      then no bet is ever placed on that nonce, the signed one included, so the player
    ///      cannot place it later with its countersignature once they have read that it wins,
    ///      and every later bet of theirs settles with a link above the seed shown, which tells
    ///      nothing of it (docs/protocol.md §2). Any other refusal leaves the nonce alone, so
    ///      that a skip the house can cause (a wrong seed, a win above the bankroll's room) never
    ///      spends the nonce of a bet it countersigned once it has read that the bet wins.
    function _skip(PlayerState storage state, address player, uint64 nonce, bytes4 reason) private returns (uint256) {
        uint32 next = state.nextNonce;
        bool spent = _byPlayer(reason) && nonce == next && state.resolved == next && next < state.chainEnd;
        if (spent) {
            state.nextNonce = next + 1;
            state.resolved = next + 1;
        }
        emit ICasino.BetSkipped(player, nonce, reason, spent);
        return SKIPPED_PAYOUT | uint32(reason);
    }

    /// @dev Whether a refusal is the player's own doing, with their key's signature checked: their
    ///      vault, their own limits, their session (past its budget, largest stake, tokens or
    ///      games; a revoked key's bets land until its session's shortened expiry,
    ///      CasinoSessions.revokeSession). A forged or altered signature, a passed deadline, a
    ///      wrong seed and the house's terms and room are not the player's.
    function _byPlayer(bytes4 reason) private pure returns (bool) {
        return
            reason == ICasino.InsufficientBalance.selector ||
            reason == CasinoLimits.CoolingOff.selector ||
            reason == CasinoLimits.AboveBetCap.selector ||
            reason == CasinoLimits.LossLimitReached.selector ||
            reason == CasinoSessions.SessionBudgetExceeded.selector ||
            reason == CasinoSessions.AboveSessionMaxBet.selector ||
            reason == CasinoSessions.TokenNotAllowed.selector ||
            reason == CasinoSessions.GameNotAllowed.selector;
    }

    /// @dev minBet, the configured maxBet, and the bankroll's room for a player with no open bet
    ///      (so nothing reserved): riskBps of the free bankroll and playerRiskBps of the bankroll.
    ///      Returns BetTooSmall or BetTooLarge's selector, or 0 and the room the bet's payout must
    ///      fit. A relay bet is settled in the transaction that places it, so it reserves nothing
    ///      and its payout is known before anything is written: it is held to the room by its
    ///      payout, not by its maximum payout (Payouts), which any payout is within. So a bet whose
    ///      maximum no longer fits still settles when its payout does. Else a second account's bet
    ///      mined just before the play, lowering the room, would skip the bet after its seed is
    ///      public, a loser for good and a winner to be placed later with its countersignature:
    ///      an option to cancel losing bets (contracts/README.md "Trust assumptions", issue #37
    ///      item 2). Params the rules refuse revert the batch when the rules run, as before.
    function _stakeRefusal(ISessionCasino.BetInput memory bet, Config memory cfg, House memory funds)
        private
        pure
        returns (bytes4 refusal, uint256 payoutRoom)
    {
        if (bet.amount < CasinoLedger.minBetOf(bet.token)) return (ICasino.BetTooSmall.selector, 0);
        if (bet.amount > CasinoLedger.maxBetLimitOf(bet.token, cfg)) return (ICasino.BetTooLarge.selector, 0);
        payoutRoom = Math.min(
            ((uint256(funds.bankroll) - funds.reserved) * cfg.riskBps) / CasinoLedger.BPS,
            Math.min((uint256(funds.bankroll) * cfg.playerRiskBps) / CasinoLedger.BPS, type(uint80).max)
        );
    }
}
