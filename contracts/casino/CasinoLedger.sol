// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {FairRandom} from "../FairRandom.sol";
import {Payouts} from "../Payouts.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {ISessionCasino} from "../interfaces/ISessionCasino.sol";
import {CasinoStorage, Config, House, PlayerState} from "./CasinoStorage.sol";

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

    /// @dev Checks that the bet is its player's next to resolve and that `seed` hashes to the
    ///      commitment (once, plus once per earlier bet claimed as expired), then advances the chain.
    function revealSeed(CasinoStorage storage s, uint256 betId, bytes32 seed) internal returns (address player) {
        player = playerOf(betId);
        uint32 nonce = uint32(betId);
        PlayerState storage state = s.players[player];
        uint32 resolved = state.resolved;
        if (nonce != resolved) revert ICasino.OutOfOrder(betId, resolved);
        bytes32 link = FairRandom.hashLink(seed);
        for (uint32 unrevealed = state.head; unrevealed < nonce; ++unrevealed) {
            link = FairRandom.hashLink(link);
        }
        if (link != state.commit) revert ICasino.WrongSeed(betId);
        state.commit = seed;
        state.resolved = nonce + 1;
        state.head = nonce + 1;
    }

    function playerOf(uint256 betId) internal pure returns (address) {
        return address(uint160(betId >> 64));
    }

    function checkBounds(uint256 value, uint256 min, uint256 max) internal pure {
        if (value < min || value > max) revert ICasino.OutOfBounds(value, min, max);
    }
}
