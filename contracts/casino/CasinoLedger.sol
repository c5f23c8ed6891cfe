// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {FairRandom} from "../FairRandom.sol";
import {Payouts} from "../Payouts.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {ISessionCasino} from "../interfaces/ISessionCasino.sol";
import {CasinoStorage, Config, House, HouseCache, PlayerState, Bet} from "./CasinoStorage.sol";

/// @title CasinoLedger
/// @notice The rules of the Casino's books that the Casino and its libraries share: vault balances,
///         reservations and the limits of a stake, nonces and the hash-chain reveal.
library CasinoLedger {
    using SafeCast for uint256;

    address internal constant NATIVE = address(0);
    uint256 internal constant MIN_BET_DEGEN = 1 ether;
    uint256 internal constant MIN_BET_NATIVE = 0.001 ether;
    uint256 internal constant BPS = 10_000;
    /// @dev A bet that takes the player's next nonce, whatever it is (playGame).
    uint64 internal constant ANY_NONCE = type(uint64).max;

    // ───────────────────────────── vault ─────────────────────────────

    function balanceOf(CasinoStorage storage s, address player, address token) internal view returns (uint256) {
        PlayerState storage state = s.players[player];
        return token == NATIVE ? state.nativeBalance : state.degenBalance;
    }

    function setBalance(CasinoStorage storage s, address player, address token, uint256 value) internal {
        PlayerState storage state = s.players[player];
        if (token == NATIVE) state.nativeBalance = value.toUint88();
        else state.degenBalance = value.toUint96();
    }

    function credit(CasinoStorage storage s, address player, address token, uint256 amount) internal {
        setBalance(s, player, token, balanceOf(s, player, token) + amount);
    }

    /// @dev Takes a stake from a player's free vault balance.
    function takeFromVault(CasinoStorage storage s, address player, address token, uint256 amount) internal {
        uint256 balance = balanceOf(s, player, token);
        if (balance < amount) revert ICasino.InsufficientBalance(balance, amount);
        setBalance(s, player, token, balance - amount);
    }

    // ───────────────────────────── reservations and stakes ─────────────────────────────

    function reservedOf(CasinoStorage storage s, address player, address token) internal view returns (uint256) {
        PlayerState storage state = s.players[player];
        return token == NATIVE ? state.nativeReserved : state.degenReserved;
    }

    /// @dev Bounded by exposureRoom to the uint80 it is stored in.
    function setReserved(CasinoStorage storage s, address player, address token, uint256 value) internal {
        PlayerState storage state = s.players[player];
        if (token == NATIVE) state.nativeReserved = uint80(value);
        else state.degenReserved = uint80(value);
    }

    function reserve(CasinoStorage storage s, address player, address token, uint256 reservation, bool interactive) internal {
        s.house[token].reserved += uint128(reservation);
        setReserved(s, player, token, reservedOf(s, player, token) + reservation);
        if (interactive) s.interactiveReserved[token] += reservation;
    }

    /// @dev Checks the game, params and stake against minBet and maxBet; returns the bet's payout ratio.
    function checkStake(CasinoStorage storage s, ISessionCasino.BetInput memory bet, Config memory cfg) internal view returns (uint256 num, uint256 den) {
        (num, den) = Payouts.ratio(bet.gameType, bet.params, bet.token == NATIVE, false);
        uint256 minimum = minBetOf(bet.token);
        if (bet.amount < minimum) revert ICasino.BetTooSmall(bet.amount, minimum);
        uint256 maximum = maxBetFor(s, bet.player, bet.token, num, den, Payouts.isInteractive(bet.gameType, bet.params), cfg);
        if (bet.amount > maximum) revert ICasino.BetTooLarge(bet.amount, maximum);
    }

    /// @dev The largest stake s with maxPayout(s) within riskBps of the free bankroll and within
    ///      the player's room (and, for an interactive game, the interactive bets' room):
    ///      floor(R × den / num) for the bound R, since floor(s × num / den) ≤ R then.
    function maxBetFor(
        CasinoStorage storage s,
        address player,
        address token,
        uint256 num,
        uint256 den,
        bool interactive,
        Config memory cfg
    ) internal view returns (uint256 maximum) {
        House memory funds = s.house[token];
        uint256 reservable = ((uint256(funds.bankroll) - funds.reserved) * cfg.riskBps) / BPS;
        if (player != address(0)) reservable = Math.min(reservable, exposureRoom(s, player, token, funds.bankroll, cfg.playerRiskBps));
        if (interactive) reservable = Math.min(reservable, interactiveRoom(s, token, funds.bankroll, cfg.interactiveRiskBps));
        maximum = Math.min((reservable * den) / num, maxBetLimitOf(token, cfg));
    }

    /// @dev What a player's open bets may still reserve: playerRiskBps of the bankroll, less what
    ///      they reserve already, and never more than the uint80 the player's record holds.
    function exposureRoom(CasinoStorage storage s, address player, address token, uint256 bankroll, uint256 playerRiskBps) internal view returns (uint256) {
        uint256 cap = Math.min((bankroll * playerRiskBps) / BPS, type(uint80).max);
        uint256 used = reservedOf(s, player, token);
        return cap > used ? cap - used : 0;
    }

    /// @dev What all open interactive bets may still reserve: interactiveRiskBps of the bankroll,
    ///      less what they reserve already.
    function interactiveRoom(CasinoStorage storage s, address token, uint256 bankroll, uint256 interactiveRiskBps) internal view returns (uint256) {
        uint256 cap = (bankroll * interactiveRiskBps) / BPS;
        uint256 used = s.interactiveReserved[token];
        return cap > used ? cap - used : 0;
    }

    function maxBetLimitOf(address token, Config memory cfg) internal pure returns (uint256) {
        return token == NATIVE ? uint256(cfg.nativeMaxBetUnits) * MIN_BET_NATIVE : uint256(cfg.degenMaxBetUnits) * MIN_BET_DEGEN;
    }

    /// @dev The smallest stake of a supported token: 1 DEGEN or 0.001 BNB.
    function minBetOf(address token) internal pure returns (uint256) {
        return token == NATIVE ? MIN_BET_NATIVE : MIN_BET_DEGEN;
    }

    /// @dev A bet's terms, packed as playGame's `expectedTerms`: settleWindow | jackpotEdgeBps << 32 | jackpotShareBps << 48.
    function termsOf(Config memory cfg) internal pure returns (uint256) {
        return uint256(cfg.settleWindow) | (uint256(cfg.jackpotEdgeBps) << 32) | (uint256(cfg.jackpotShareBps) << 48);
    }

    // ───────────────────────────── nonces and seeds ─────────────────────────────

    /// @dev Checks a player's commitment and takes the next nonce of its chain (which must be
    ///      `wanted`, unless ANY_NONCE).
    function takeNonce(CasinoStorage storage s, address player, bytes32 expectedCommit, uint64 wanted) internal returns (uint32 nonce) {
        PlayerState storage state = s.players[player];
        bytes32 commit = state.commit;
        if (commit == bytes32(0)) revert ICasino.NoCommitment();
        if (expectedCommit != commit && expectedCommit != state.root) revert ICasino.StaleCommitment(commit);
        nonce = state.nextNonce;
        if (wanted != ANY_NONCE && wanted != nonce) revert ICasino.WrongNonce(nonce);
        if (nonce >= state.chainEnd) revert ICasino.ChainExhausted();
        state.nextNonce = nonce + 1;
    }

    /// @dev Makes `seed`, link `link` of the chain (seedLink), the commitment, and the bet of
    ///      `nonce` resolved: the player's next bet is the one after it.
    function revealSeed(PlayerState storage state, bytes32 seed, uint256 link, uint32 nonce) internal {
        state.commit = seed;
        state.head = uint32(link);
        state.resolved = nonce + 1;
    }

    /// @dev The link `seed` is of the player's chain when it is the bet's (2j + 1 relayed, 2j + 2
    ///      from the wallet, j the bet's place in the chain) and hashes down to the commitment;
    ///      0 when it is not. Reads only: a settlement checks every condition before it writes,
    ///      so that a batch can leave a bet it skips, and its player's chain, as they were.
    function seedLink(PlayerState storage state, uint256 betId, bytes32 seed, bool relayed) internal view returns (uint256 link) {
        uint256 head = state.head;
        // Unchecked: the chain's first nonce is chainEnd − chainLength, and a bet's nonce lies
        // between it and chainEnd, so link ≤ 2 × chainLength < 2^25.
        unchecked {
            link = 2 * (uint256(uint32(betId)) + state.chainLength - state.chainEnd) + (relayed ? 1 : 2);
        }
        if (link <= head) return 0;
        bytes32 hashed = seed;
        for (uint256 i = head; i < link; ++i) hashed = FairRandom.hashLink(hashed);
        if (hashed != state.commit) return 0;
    }

    // ───────────────────────────── settlement ─────────────────────────────

    /// @dev Draws a DEGEN bet's jackpot: its prize and odds were fixed at placement, its roll comes
    ///      from the hash of its block (recorded by lockJackpotEntropy once the EVM no longer shows
    ///      it). A draw whose hash is gone and was never recorded is void (voidDraw). A settlement
    ///      and an expired claim draw the same. A hit pays the prize, at most what the pool holds.
    /// @param funds the house's funds in memory, after this bet's release (the caller stores them)
    function drawJackpot(CasinoStorage storage s, uint256 betId, address player, Bet memory bet, HouseCache memory funds, address degen)
        internal
        returns (uint256 win)
    {
        uint256 prize = uint256(bet.jackpotPrize) * FairRandom.JACKPOT_PRIZE_UNIT;
        uint256 odds = FairRandom.jackpotOdds(bet.stake, bet.jackpotEdgeBps, prize);
        bytes32 entropy = FairRandom.blockHash(bet.placedBlock);
        if (entropy == 0) {
            entropy = s.lockedEntropy[betId];
            if (entropy != 0) delete s.lockedEntropy[betId];
        }
        if (odds == 0) return 0;
        if (entropy == 0) {
            s.jackpotPool += voidDraw(betId, prize, odds, cachedFunds(s, funds, degen, false));
            return 0;
        }
        // A miss is published by nothing: anyone recomputes it from the bet's block hash (or the
        // JackpotEntropyLocked hash). A hit is published with what it paid.
        if (FairRandom.jackpotRoll(address(this), betId, entropy) >= odds) return 0;
        uint256 pool = s.jackpotPool;
        win = Math.min(prize, pool);
        emit ICasino.JackpotDrawn(betId, entropy, win, true);
        if (win == 0) return 0;
        s.jackpotPool = pool - win;
        emit ICasino.JackpotWon(player, win);
    }

    /// @dev A void draw (its block's hash gone, never recorded) wins the player nothing, and the
    ///      house's free bankroll pays the draw's fair value, prize × odds, into the pool (up to
    ///      what no open bet has reserved; JackpotFunded by the Casino itself). Nobody gains by
    ///      letting a draw go void: the player, who sees the hash as soon as the house does, would
    ///      otherwise keep the hits and let the misses go void; the house, or its own accounts,
    ///      would otherwise withhold the hits. Anyone can lock the hash in time
    ///      (lockJackpotEntropy) or draw a ticket (drawJackpots) (contracts/README.md "Trust assumptions").
    /// @return funded what the house's bankroll put in the pool (the caller adds it to the pool)
    function voidDraw(uint256 betId, uint256 prize, uint256 odds, House memory degenFunds) internal returns (uint256 funded) {
        funded = Math.min(Math.mulDiv(prize, odds, FairRandom.ODDS_ONE), degenFunds.bankroll - degenFunds.reserved); // reserved ≤ bankroll
        if (funded != 0) {
            degenFunds.bankroll -= uint128(funded);
            emit ICasino.JackpotFunded(address(this), funded);
        }
        emit ICasino.JackpotDrawn(betId, 0, 0, false);
    }

    /// @dev The cached house funds of a token (a reference: a bet's changes stay for the next).
    function cachedFunds(CasinoStorage storage s, HouseCache memory cache, address token, bool isNative) internal view returns (House memory) {
        if (isNative) {
            if (!cache.nativeRead) (cache.native, cache.nativeRead) = (s.house[token], true);
            return cache.native;
        }
        if (!cache.degenRead) (cache.degen, cache.degenRead) = (s.house[token], true);
        return cache.degen;
    }

    function storeFunds(CasinoStorage storage s, HouseCache memory cache, address degen) internal {
        if (cache.degenRead) s.house[degen] = cache.degen;
        if (cache.nativeRead) s.house[NATIVE] = cache.native;
    }

    /// @dev The stake joins the bankroll, the payout leaves it, the reservation is released:
    ///      the house's funds of the token in memory (the caller stores them), the player's and
    ///      the interactive bets' reservations in storage.
    function release(CasinoStorage storage s, address player, address token, uint256 totalStake, uint256 bound, uint256 payout, Bet memory bet, House memory funds) internal {
        funds.bankroll = uint128(funds.bankroll + totalStake - payout); // payout ≤ reserved ≤ bankroll
        funds.reserved -= uint128(bound);
        setReserved(s, player, token, reservedOf(s, player, token) - bound);
        if (Payouts.isInteractive(bet.gameType, bet.params)) s.interactiveReserved[token] -= bound;
    }

    function amountsOf(Bet memory bet, address degen) internal pure returns (uint256 totalStake, uint256 bound, address token) {
        totalStake = bet.split ? 2 * uint256(bet.stake) : bet.stake;
        bound = Payouts.maxPayout(bet.gameType, bet.params, bet.isNative, bet.split, totalStake);
        token = bet.isNative ? NATIVE : degen;
    }

    function playerOf(uint256 betId) internal pure returns (address) {
        return address(uint160(betId >> 64));
    }

    function checkBounds(uint256 value, uint256 min, uint256 max) internal pure {
        if (value < min || value > max) revert ICasino.OutOfBounds(value, min, max);
    }
}
