// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {FairRandom} from "../FairRandom.sol";
import {Payouts} from "../Payouts.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {CasinoLimits} from "../CasinoLimits.sol";
import {ISessionCasino} from "../interfaces/ISessionCasino.sol";
import {ACCEPTANCE_WINDOW} from "../interfaces/ISessionCasino.sol";
import {CasinoStorage, Config, House, HouseCache, PlayerState, Lane, Bet} from "./CasinoStorage.sol";

/// @title CasinoLedger
/// @notice The rules of the Casino's books that the Casino and its libraries share: vault balances
///         and lanes' funds, reservations and the limits of a stake, nonces and the hash-chain reveal.
library CasinoLedger {
    using SafeCast for uint256;

    address internal constant NATIVE = address(0);
    uint256 internal constant MIN_BET_DEGEN = 1 ether;
    uint256 internal constant MIN_BET_NATIVE = 0.001 ether;
    uint256 internal constant BPS = 10_000;
    /// @dev The most all open interactive bets, hands and long shots, may reserve of the bankroll.
    uint256 internal constant MAX_INTERACTIVE_RISK_BPS = 9_000;

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
        if (amount == 0) return;
        setBalance(s, player, token, balanceOf(s, player, token) + amount);
    }

    /// @dev Pays a bet's payout where its stake came from: its lane's funds for a one-click
    ///      session's bet, the player's vault for a wallet bet.
    function creditBet(CasinoStorage storage s, uint256 betId, address token, uint256 amount) internal {
        if (amount == 0) return;
        if (laneOf(betId) == 0) {
            credit(s, playerOf(betId), token, amount);
            return;
        }
        Lane storage lane = s.lanes[betId >> 32];
        if (token == NATIVE) lane.nativeFunds = (lane.nativeFunds + amount).toUint88();
        else lane.degenFunds = (lane.degenFunds + amount).toUint96();
    }

    /// @dev Takes a stake from a lane's funds.
    function takeFromLane(Lane storage lane, bool isNative, uint256 amount) internal {
        uint256 funds = isNative ? lane.nativeFunds : lane.degenFunds;
        if (funds < amount) revert ICasino.InsufficientBalance(funds, amount);
        if (isNative) lane.nativeFunds = uint88(funds - amount);
        else lane.degenFunds = uint96(funds - amount);
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

    function reserve(CasinoStorage storage s, address player, address token, uint256 reservation, uint8 room) internal {
        s.house[token].reserved += uint96(reservation); // ≤ the free bankroll (maxBetFor)
        reserveFor(s, player, token, reservation, room);
    }

    /// @dev The house's share of a bet's reservation and, for a bet with jackpot odds, its draw
    ///      noted (noteDraw): one read and one write of the house's slot, which solc's packed field
    ///      updates would make two of each (bench/gas.ts: 104,285 gas a wallet bet instead of
    ///      103,740).
    function reserveNoting(CasinoStorage storage s, House storage funds, uint256 reservation, bool hasDraw) private {
        uint256 word;
        // Assembly: House's one slot as a word; bankroll in bits 0–95, reserved 96–191, draws 192–255.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            word := sload(funds.slot)
        }
        // ≤ the free bankroll (maxBetFor); checked all the same, as `+=` on the field would be.
        uint256 reserved = uint256(uint96(word >> 96)) + reservation;
        uint256 draws = word >> 192;
        if (hasDraw) draws = noteDraw(s, uint64(draws));
        word = uint256(uint96(word)) | (uint256(reserved.toUint96()) << 96) | (draws << 192);
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            sstore(funds.slot, word)
        }
    }

    /// @dev A reservation's share of the player's room and of its game's room (the house's is the caller's).
    function reserveFor(CasinoStorage storage s, address player, address token, uint256 reservation, uint8 room) internal {
        setReserved(s, player, token, reservedOf(s, player, token) + reservation);
        if (room == Payouts.HANDS) s.interactiveReserved[token] += reservation;
        else if (room == Payouts.LONG_SHOTS) s.longShotReserved[token] += reservation;
    }

    /// @dev Checks the game, params and stake against minBet and maxBet; returns the bet's payout ratio.
    function checkStake(CasinoStorage storage s, ISessionCasino.BetInput memory bet, Config memory cfg) internal view returns (uint256 num, uint256 den) {
        (num, den) = Payouts.ratio(bet.gameType, bet.params, bet.token == NATIVE, false);
        uint256 minimum = minBetOf(bet.token);
        if (bet.amount < minimum) revert ICasino.BetTooSmall(bet.amount, minimum);
        uint256 maximum = maxBetFor(s, bet.player, bet.token, num, den, Payouts.roomOf(bet.gameType, bet.params), cfg);
        if (bet.amount > maximum) revert ICasino.BetTooLarge(bet.amount, maximum);
    }

    /// @dev The largest stake s with maxPayout(s) within riskBps of the free bankroll, within what
    ///      leaves the floor free (reservable), and within the player's room (and, for a hand or a
    ///      long shot, the room of its kind: Payouts.roomOf): floor(R × den / num) for the bound R,
    ///      since floor(s × num / den) ≤ R then.
    function maxBetFor(
        CasinoStorage storage s,
        address player,
        address token,
        uint256 num,
        uint256 den,
        uint8 room,
        Config memory cfg
    ) internal view returns (uint256 maximum) {
        House memory funds = s.house[token];
        uint256 free = uint256(funds.bankroll) - funds.reserved;
        uint256 reservable = Math.min((free * cfg.riskBps) / BPS, aboveFloor(funds, cfg));
        if (player != address(0)) reservable = Math.min(reservable, exposureRoom(s, player, token, funds.bankroll, cfg.playerRiskBps));
        if (room != Payouts.NO_ROOM) reservable = Math.min(reservable, roomLeft(s, token, funds.bankroll, room, cfg.interactiveRiskBps));
        maximum = Math.min((reservable * den) / num, maxBetLimitOf(token, cfg));
    }

    /// @dev What may still be reserved or paid out of the free bankroll by anything but a one-click
    ///      bet's own payout: the free bankroll above the floor, riskBps of the bankroll. A
    ///      one-click bet the server accepted is placed at play only if its maximum payout fits
    ///      the free bankroll then (SessionPlay), and the server accepts one whose maximum payout
    ///      is at most riskBps of the free bankroll: so no reservation, split or swap, from any
    ///      number of accounts, can leave the free bankroll too small for it (docs/decisions.md §4,
    ///      "lanes": else a second account would make its own bet skip once it read it lost).
    function aboveFloor(House memory funds, Config memory cfg) internal pure returns (uint256) {
        uint256 free = uint256(funds.bankroll) - funds.reserved;
        uint256 floor = (uint256(funds.bankroll) * cfg.riskBps) / BPS;
        return free > floor ? free - floor : 0;
    }

    /// @dev Reserves the second stake of a blackjack split (within the floor, the player's room and
    ///      the interactive bets' room); the stake itself is the caller's to take. The jackpot draw
    ///      is left as it was: the split comes when the bet's roll is public.
    function addStake(CasinoStorage storage s, uint256 betId, address degen, CasinoLimits limits) internal returns (uint256 stake, address token) {
        Bet storage bet = s.bets[betId];
        stake = bet.stake;
        if (stake == 0) revert ICasino.BetNotOpen(betId);
        if (bet.gameType != Payouts.BLACKJACK) revert ICasino.NotBlackjack();
        if (bet.split) revert ICasino.AlreadySplit();
        if (block.timestamp >= bet.claimableAt) revert ICasino.BetExpired();
        bool isNative = bet.isNative;
        token = isNative ? NATIVE : degen;
        address player = playerOf(betId);
        uint256 extra = Payouts.maxPayout(Payouts.BLACKJACK, 0, isNative, true, 2 * stake) - Payouts.maxPayout(Payouts.BLACKJACK, 0, isNative, false, stake);
        House memory funds = s.house[token];
        Config memory cfg = s.config;
        uint256 free = aboveFloor(funds, cfg);
        if (extra > free) revert ICasino.InsufficientBankroll(free, extra);
        uint256 room = Math.min(
            exposureRoom(s, player, token, funds.bankroll, cfg.playerRiskBps),
            roomLeft(s, token, funds.bankroll, Payouts.HANDS, cfg.interactiveRiskBps)
        );
        if (extra > room) revert ICasino.ExposureTooHigh(room, extra);
        bet.split = true;
        reserve(s, player, token, extra, Payouts.HANDS);
        if (s.players[player].limited) limits.beforeBet(player, isNative, stake, 0);
        emit ICasino.StakeAdded(betId, player, stake);
    }

    /// @dev What a player's open bets may still reserve: playerRiskBps of the bankroll, less what
    ///      they reserve already, and never more than the uint80 the player's record holds.
    function exposureRoom(CasinoStorage storage s, address player, address token, uint256 bankroll, uint256 playerRiskBps) internal view returns (uint256) {
        uint256 cap = Math.min((bankroll * playerRiskBps) / BPS, type(uint80).max);
        uint256 used = reservedOf(s, player, token);
        return cap > used ? cap - used : 0;
    }

    /// @dev What the open bets of a room (Payouts.roomOf) may still reserve: the hands
    ///      interactiveRiskBps of the bankroll, the long shots longShotRiskBps, less what they
    ///      reserve already.
    function roomLeft(CasinoStorage storage s, address token, uint256 bankroll, uint8 room, uint256 interactiveRiskBps) internal view returns (uint256) {
        (uint256 cap, uint256 used) = room == Payouts.HANDS
            ? ((bankroll * interactiveRiskBps) / BPS, s.interactiveReserved[token])
            : ((bankroll * longShotRiskBps(interactiveRiskBps)) / BPS, s.longShotReserved[token]);
        return cap > used ? cap - used : 0;
    }

    /// @dev The long shots' share of the bankroll: half the hands', and never so much that the two
    ///      rooms together pass MAX_INTERACTIVE_RISK_BPS: at least 10 % of the bankroll stays free
    ///      of interactive bets at every setting (R2-4).
    function longShotRiskBps(uint256 interactiveRiskBps) internal pure returns (uint256) {
        return Math.min(interactiveRiskBps / 2, MAX_INTERACTIVE_RISK_BPS - interactiveRiskBps);
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

    /// @dev The terms a one-click bet signed with `terms` and `deadline` is placed under: the
    ///      current ones, or the ones the owner's last change replaced when the bet's deadline is
    ///      within ACCEPTANCE_WINDOW of that change (the server accepted it before: it lands, as
    ///      docs/decisions.md §9 says of every change). 0: neither, the bet is refused.
    function laneTerms(CasinoStorage storage s, Config memory cfg, uint256 terms, uint256 deadline) internal view returns (uint256) {
        if (terms == termsOf(cfg)) return terms;
        if (terms != s.termsChange.previous || deadline > uint256(s.termsChange.changedAt) + ACCEPTANCE_WINDOW) return 0;
        return terms;
    }

    /// @dev Config with the jackpot edge, share and settle window of packed `terms` (termsOf's inverse).
    function withTerms(Config memory cfg, uint256 terms) internal pure returns (Config memory) {
        cfg.settleWindow = uint24(terms);
        cfg.jackpotEdgeBps = uint16(terms >> 32);
        cfg.jackpotShareBps = uint16(terms >> 48);
        return cfg;
    }

    /// @dev Opens a bet whose nonce is taken and stake is the caller's: its maximum payout (`num`,
    ///      `den`: Payouts.ratio) reserved, its record stored with the terms of `cfg`, among them
    ///      the prize a hit wins (the share of the pool now; 0 for BNB and for a bet without
    ///      jackpot odds), and BetPlaced.
    function openBet(CasinoStorage storage s, uint256 betId, ISessionCasino.BetInput memory input, Config memory cfg, uint256 num, uint256 den) internal {
        bool isNative = input.token == NATIVE;
        (uint256 prize, uint256 odds) = isNative ? (0, 0) : FairRandom.betJackpot(input.amount, cfg.jackpotEdgeBps, s.jackpotPool, cfg.jackpotShareBps);
        uint256 reservation = (input.amount * num) / den;
        reserveNoting(s, s.house[input.token], reservation, odds != 0);
        reserveFor(s, input.player, input.token, reservation, Payouts.roomOf(input.gameType, input.params));
        Bet memory bet;
        bet.clientSeed = input.clientSeed;
        bet.stake = uint80(input.amount); // ≤ maxBet: its maximum payout, above the stake, is capped at 2^80 − 1
        bet.claimableAt = uint32(block.timestamp + cfg.settleWindow);
        bet.placedBlock = uint32(block.number);
        bet.params = uint16(input.params); // checked by Payouts.ratio: at most 10,000 (crash), 2^15 − 1 (dice)
        bet.jackpotPrize = uint56(prize / FairRandom.JACKPOT_PRIZE_UNIT); // jackpotPrizeOf keeps it within 56 bits of units
        bet.jackpotEdgeBps = uint8(cfg.jackpotEdgeBps); // ≤ MAX_JACKPOT_EDGE_BPS
        bet.gameType = input.gameType;
        bet.isNative = isNative;
        s.bets[betId] = bet;
        emit ICasino.BetPlaced(betId, input.player, input.token, input.amount, input.gameType, input.params, uint64(betId), input.clientSeed, termsOf(cfg), odds, prize);
    }

    // ───────────────────────────── nonces and seeds ─────────────────────────────

    /// @dev Checks a player's commitment and takes the next nonce of their wallet chain. The root is
    ///      read first: the app names it (one cold slot fewer than the commitment, which moves with
    ///      every settlement, then the root), and it is 0 for a chain never posted or given up.
    function takeNonce(CasinoStorage storage s, address player, bytes32 expectedCommit) internal returns (uint32 nonce) {
        PlayerState storage state = s.players[player];
        bytes32 root = state.root;
        if (root == bytes32(0)) revert ICasino.NoCommitment();
        if (expectedCommit != root) {
            bytes32 commit = state.commit;
            if (expectedCommit != commit) revert ICasino.StaleCommitment(commit);
        }
        nonce = state.nextNonce;
        if (nonce >= state.chainEnd) revert ICasino.ChainExhausted();
        state.nextNonce = nonce + 1;
    }

    /// @dev Makes `seed`, link `link` of the player's wallet chain (seedLink), the commitment, and
    ///      the bet of `nonce` resolved: the player's next wallet bet is the one after it.
    function revealSeed(PlayerState storage state, bytes32 seed, uint256 link, uint32 nonce) internal {
        state.commit = seed;
        state.head = uint32(link);
        state.resolved = nonce + 1;
    }

    /// @dev The link `seed` is of the player's wallet chain when it is the bet's (j + 1, j the
    ///      bet's place in the chain) and hashes down to the commitment; 0 when it is not. Reads
    ///      only: a settlement checks every condition before it writes, so that a batch can leave a
    ///      bet it skips, and its player's chain, as they were.
    function seedLink(PlayerState storage state, uint256 betId, bytes32 seed) internal view returns (uint256 link) {
        // Unchecked: the chain's first nonce is chainEnd − chainLength, and a bet's nonce lies
        // between it and chainEnd, so link ≤ chainLength < 2^24.
        unchecked {
            link = uint256(uint32(betId)) + state.chainLength - state.chainEnd + 1;
        }
        return chainLink(seed, link, state.head, state.commit);
    }

    /// @dev The link `seed` is of its lane's chain when it is the seed of the lane's bet `betId`
    ///      (lane nonce n: link n + 1) and hashes down to the lane's commitment; 0 when it is not.
    function laneSeedLink(Lane storage lane, uint256 betId, bytes32 seed) internal view returns (uint256) {
        return chainLink(seed, uint256(uint32(betId)) + 1, lane.head, lane.commit);
    }

    /// @dev `link` when `seed`, hashed once per link from `link` down to `head`, is `commit`; else 0.
    function chainLink(bytes32 seed, uint256 link, uint256 head, bytes32 commit) internal pure returns (uint256) {
        if (link <= head) return 0;
        bytes32 hashed = seed;
        for (uint256 i = head; i < link; ++i) hashed = FairRandom.hashLink(hashed);
        return hashed == commit ? link : 0;
    }

    // ───────────────────────────── settlement ─────────────────────────────

    /// @dev Draws a DEGEN bet's jackpot: its prize and odds were fixed at placement, its roll comes
    ///      from the hash of its block (recorded by recordDrawBlocks or lockJackpotEntropy once
    ///      the EVM no longer shows it). A draw whose hash is gone and was never recorded is void
    ///      (voidDraw). A settlement
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
            else entropy = s.drawEntropy[bet.placedBlock];
        }
        if (odds == 0) return 0;
        resolveDraw(cachedFunds(s, funds, degen, false), bet.placedBlock);
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

    // House.draws, from the high bits down: the latest block with draws, its open draws, the
    // distance to the block before it with draws, that block's open draws.
    uint256 private constant OPEN_MAX = type(uint16).max;
    uint256 private constant OPEN_BEFORE_MAX = type(uint8).max;
    uint256 private constant GAP_MAX = type(uint8).max;

    function unpackDraws(uint64 draws) private pure returns (uint256 latest, uint256 open, uint256 gap, uint256 openBefore) {
        return (draws >> 32, (draws >> 16) & OPEN_MAX, (draws >> 8) & GAP_MAX, draws & OPEN_BEFORE_MAX);
    }

    function packDraws(uint256 latest, uint256 open, uint256 gap, uint256 openBefore) private pure returns (uint64) {
        return uint64((latest << 32) | (open << 16) | (gap << 8) | openBefore);
    }

    /// @dev Counts a bet's jackpot draw among its block's open ones (House.draws, in the slot the
    ///      bet's reservation has just written). The first bet of a new block moves the latest
    ///      noted block to the place before it; a block there whose draws are still open (no
    ///      settlement, claim or lock since) is recorded by this bet itself, so that no number of
    ///      blocks without a transaction of the house's outruns the record.
    function noteDraw(CasinoStorage storage s, uint64 draws) internal returns (uint64) {
        (uint256 latest, uint256 open, uint256 gap, uint256 openBefore) = unpackDraws(draws);
        if (latest == block.number) return open == OPEN_MAX ? draws : draws + (1 << 16);
        if (openBefore != 0) recordDrawBlock(s, latest - gap);
        gap = block.number - latest;
        // A latest block further back than the gap's 8 bits can say is recorded now (its hash is
        // gone by then where EIP-2935 does not run).
        if (open != 0 && gap > GAP_MAX) {
            recordDrawBlock(s, latest);
            open = 0;
        }
        return packDraws(block.number, 1, open == 0 ? 0 : gap, Math.min(open, OPEN_BEFORE_MAX));
    }

    /// @dev A draw of a noted block resolved (settled or claimed): one fewer to record. A count
    ///      that saturated stays, and its block is recorded; a count of 0 is a block recorded
    ///      already (or none).
    function resolveDraw(House memory degenFunds, uint256 placedBlock) internal pure {
        (uint256 latest, uint256 open, uint256 gap, uint256 openBefore) = unpackDraws(degenFunds.draws);
        if (placedBlock == latest) {
            if (open != 0 && open != OPEN_MAX) degenFunds.draws -= 1 << 16;
        } else if (openBefore != 0 && openBefore != OPEN_BEFORE_MAX && placedBlock == latest - gap) {
            --degenFunds.draws;
        }
    }

    /// @dev Records the hash of each noted block before this one that still has open draws
    ///      (DrawBlockRecorded), in the house's DEGEN funds in memory (the caller stores them):
    ///      every settlement, claim and play that moves DEGEN funds does as it stores them
    ///      (storeFunds), and every ticket draw and lock (recordDrawBlocks), so that a draw the
    ///      house leaves open never goes void while the house, or anyone, sends DEGEN bets or their
    ///      settlements to the Casino (docs/decisions.md §4, "the withheld jackpot hit"). A block
    ///      whose draws were all resolved needs no record, as in the usual settlement, which thus
    ///      pays nothing for it; a noted block whose hash is already gone is dropped: its open
    ///      draws are void (voidDraw).
    /// @return recorded whether anything changed
    function recordOpenDraws(CasinoStorage storage s, House memory degenFunds) internal returns (bool recorded) {
        (uint256 latest, uint256 open, uint256 gap, uint256 openBefore) = unpackDraws(degenFunds.draws);
        if (openBefore != 0) {
            recordDrawBlock(s, latest - gap);
            (gap, openBefore, recorded) = (0, 0, true);
        }
        if (open != 0 && latest != block.number) {
            recordDrawBlock(s, latest);
            (open, recorded) = (0, true);
        }
        if (recorded) degenFunds.draws = packDraws(latest, open, gap, openBefore);
    }

    /// @dev recordOpenDraws for a transaction that moves no funds of the house's (a ticket draw, a lock).
    function recordDrawBlocks(CasinoStorage storage s, address degen) internal {
        House storage degenFunds = s.house[degen];
        House memory funds = House(0, 0, degenFunds.draws);
        if (recordOpenDraws(s, funds)) degenFunds.draws = funds.draws;
    }

    function recordDrawBlock(CasinoStorage storage s, uint256 blockNumber) private {
        bytes32 entropy = FairRandom.blockHash(blockNumber);
        if (entropy == 0) return;
        s.drawEntropy[blockNumber] = entropy;
        emit ICasino.DrawBlockRecorded(blockNumber, entropy);
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
            degenFunds.bankroll -= uint96(funded);
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

    /// @dev Stores the cached funds, recording first the noted blocks whose draws the transaction
    ///      leaves open (recordOpenDraws).
    function storeFunds(CasinoStorage storage s, HouseCache memory cache, address degen) internal {
        if (cache.degenRead) {
            recordOpenDraws(s, cache.degen);
            s.house[degen] = cache.degen;
        }
        if (cache.nativeRead) s.house[NATIVE] = cache.native;
    }

    /// @dev The stake joins the bankroll, the payout leaves it, the reservation is released:
    ///      the house's funds of the token in memory (the caller stores them), the player's and
    ///      the interactive bets' reservations in storage.
    function release(CasinoStorage storage s, address player, address token, uint256 totalStake, uint256 bound, uint256 payout, Bet memory bet, House memory funds) internal {
        funds.bankroll = uint96(funds.bankroll + totalStake - payout); // payout ≤ reserved ≤ bankroll
        funds.reserved -= uint96(bound);
        setReserved(s, player, token, reservedOf(s, player, token) - bound);
        uint8 room = Payouts.roomOf(bet.gameType, bet.params);
        if (room == Payouts.HANDS) s.interactiveReserved[token] -= bound;
        else if (room == Payouts.LONG_SHOTS) s.longShotReserved[token] -= bound;
    }

    function amountsOf(Bet memory bet, address degen) internal pure returns (uint256 totalStake, uint256 bound, address token) {
        totalStake = bet.split ? 2 * uint256(bet.stake) : bet.stake;
        bound = Payouts.maxPayout(bet.gameType, bet.params, bet.isNative, bet.split, totalStake);
        token = bet.isNative ? NATIVE : degen;
    }

    function playerOf(uint256 betId) internal pure returns (address) {
        return address(uint160(betId >> 64));
    }

    /// @dev The lane of a bet: 0 for a wallet bet, the session's lane for a one-click bet.
    function laneOf(uint256 betId) internal pure returns (uint32) {
        return uint32(betId >> 32);
    }

    function checkBounds(uint256 value, uint256 min, uint256 max) internal pure {
        if (value < min || value > max) revert ICasino.OutOfBounds(value, min, max);
    }
}
