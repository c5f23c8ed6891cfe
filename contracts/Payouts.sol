// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Payouts
/// @notice The largest payout each bet can win, given its game, params and token: what the
///         Casino reserves from the bankroll when the bet is placed and pays if it is claimed as
///         expired. The same table, with the same rounding, is engine/src/limits.ts; the contract
///         tests compare the two for every game and params.
/// @dev A bound is `totalStake × num / den`, rounded down, the very expression the engine pays
///      with, so the reservation always covers the payout to the base unit.
library Payouts {
    uint8 internal constant WHEEL = 0;
    uint8 internal constant SLOTS = 1;
    uint8 internal constant BLACKJACK = 2;
    uint8 internal constant KICKBOXING = 3;
    uint8 internal constant CRASH = 4;
    uint8 internal constant DICE = 5;
    uint8 internal constant PLINKO = 6;
    uint8 internal constant MINES = 7;
    uint8 internal constant GAME_COUNT = 8;
    /// @notice The rooms of roomOf.
    uint8 internal constant NO_ROOM = 0;
    uint8 internal constant HANDS = 1;
    uint8 internal constant LONG_SHOTS = 2;

    /// @notice RTP per token in basis points (docs/product.md §1, §9): DEGEN pays 102 %, BNB 98 %.
    uint256 internal constant RTP_DEGEN_BPS = 10_200;
    uint256 internal constant RTP_NATIVE_BPS = 9_800;

    /// @notice Blackjack's total payout per stake in bps (engine BLACKJACK_PAYOUT_BPS): DEGEN pays
    ///         the product's natural 2.5x and win 2x; BNB pays the winnings above the stake at its
    ///         0.98x (2.47x, 1.98x), so that it keeps the house 2 % (docs/decisions.md §5).
    uint256 internal constant BLACKJACK_NATURAL_DEGEN_BPS = 25_000;
    uint256 internal constant BLACKJACK_NATURAL_NATIVE_BPS = 24_700;
    uint256 internal constant BLACKJACK_WIN_DEGEN_BPS = 20_000;
    uint256 internal constant BLACKJACK_WIN_NATIVE_BPS = 19_800;

    uint256 internal constant WHEEL_COLOURS = 10;
    uint256 internal constant MAX_WHEEL_COLOURS = 9;
    /// @notice Five lines of five DEGEN symbols at 150x each.
    uint256 internal constant SLOTS_MAX_LINE_UNITS = 750;
    uint256 internal constant MIN_CRASH_TARGET = 101;
    uint256 internal constant MAX_CRASH_TARGET = 10_000;
    /// @notice A dice roll is one of 10,000 (0.00 to 99.99); a bet wins on 1 to 9,800 of them
    ///         (engine DICE). Params: the target, with bit 14 set for "roll over": below 2^15, they
    ///         fit the uint16 a stored bet keeps them in (CasinoStorage.Bet).
    uint256 internal constant DICE_ROLLS = 10_000;
    uint256 internal constant DICE_MAX_WINNING_ROLLS = 9_800;
    uint256 internal constant DICE_OVER_FLAG = 1 << 14;
    /// @notice Plinko params: the rows (8 to 16) in the low byte, the risk (0 low, 1 medium, 2 high)
    ///         in the next one (engine PLINKO). A slot pays its table entry, in hundredths of the
    ///         stake, × RTP_BPS ÷ PLINKO_DEN.
    uint256 internal constant PLINKO_MIN_ROWS = 8;
    uint256 internal constant PLINKO_MAX_ROWS = 16;
    uint256 internal constant PLINKO_RISK_SHIFT = 8;
    uint256 internal constant PLINKO_DEN = 100 * 10_000;
    /// @notice Each plinko table's edge slot, its largest entry, in hundredths (engine
    ///         PLINKO_TABLES[risk][rows − 8][0]): 24 bits per table, 8 rows in the lowest. The rest
    ///         of each table is in contracts/rules/PlinkoRules.sol.
    uint256 internal constant PLINKO_EDGES_LOW = 568 | (550 << 24) | (700 << 48) | (870 << 72) | (930 << 96) | (1179 << 120) | (1267 << 144) | (1350 << 168) | (1526 << 192);
    uint256 internal constant PLINKO_EDGES_MEDIUM = 1302 | (1690 << 24) | (2210 << 48) | (2850 << 72) | (3778 << 96) | (4910 << 120) | (6443 << 144) | (8695 << 168) | (11014 << 192);
    uint256 internal constant PLINKO_EDGES_HIGH = 2900 | (4546 << 24) | (7070 << 48) | (10990 << 72) | (17155 << 96) | (25996 << 120) | (42586 << 144) | (59265 << 168) | (103804 << 192);
    /// @notice Mines (engine MINES): a grid of 25 tiles hides 1 to 24 mines (the params); a round
    ///         pays at most MINES_MAX_MULTIPLIER times its stake.
    uint256 internal constant MINES_TILES = 25;
    uint256 internal constant MINES_MAX_MULTIPLIER = 1_000;
    uint256 private constant PLINKO_EDGE_BITS = 24;
    uint256 private constant PLINKO_EDGE_MASK = (1 << PLINKO_EDGE_BITS) - 1;
    uint256 private constant BPS = 10_000;

    error InvalidGameType(uint8 gameType);
    error InvalidParams(uint8 gameType, uint256 params);

    /// @notice The token's RTP multiplier in basis points.
    function rtpBps(bool isNative) internal pure returns (uint256) {
        return isNative ? RTP_NATIVE_BPS : RTP_DEGEN_BPS;
    }

    /// @notice A blackjack natural's total payout per stake in bps.
    function blackjackNaturalBps(bool isNative) internal pure returns (uint256) {
        return isNative ? BLACKJACK_NATURAL_NATIVE_BPS : BLACKJACK_NATURAL_DEGEN_BPS;
    }

    /// @notice A winning blackjack hand's total payout per stake in bps.
    function blackjackWinBps(bool isNative) internal pure returns (uint256) {
        return isNative ? BLACKJACK_WIN_NATIVE_BPS : BLACKJACK_WIN_DEGEN_BPS;
    }

    /// @notice The bound as the fraction num / den of the total stake; reverts on params the
    ///         game refuses. A blackjack split doubles the stake and turns the best case from a
    ///         natural into two wins.
    function ratio(uint8 gameType, uint256 params, bool isNative, bool split) internal pure returns (uint256 num, uint256 den) {
        if (gameType == WHEEL) {
            uint256 colours = popCount(params);
            if (params == 0 || params >= (1 << WHEEL_COLOURS) || colours > MAX_WHEEL_COLOURS) revert InvalidParams(gameType, params);
            return (WHEEL_COLOURS * rtpBps(isNative), colours * BPS);
        }
        if (gameType == SLOTS) {
            if (params != 0) revert InvalidParams(gameType, params);
            return (SLOTS_MAX_LINE_UNITS * rtpBps(isNative), BPS);
        }
        if (gameType == BLACKJACK) {
            if (params != 0) revert InvalidParams(gameType, params);
            return (split ? blackjackWinBps(isNative) : blackjackNaturalBps(isNative), BPS);
        }
        if (gameType == KICKBOXING) {
            if (params > 2) revert InvalidParams(gameType, params);
            return (params == 2 ? 4 : 2, 1); // a tie pays x4, a side x2
        }
        if (gameType == CRASH) {
            if (params == 0) return (MAX_CRASH_TARGET, 100); // manual cash-out: up to the 100x cap
            if (params < MIN_CRASH_TARGET || params > MAX_CRASH_TARGET) revert InvalidParams(gameType, params);
            return (params, 100);
        }
        if (gameType == DICE) return (rtpBps(isNative), diceWinningRolls(params));
        if (gameType == PLINKO) return (plinkoEdge(params) * rtpBps(isNative), PLINKO_DEN);
        if (gameType == MINES) return (minesBestBps(params, isNative), BPS);
        revert InvalidGameType(gameType);
    }

    /// @notice Whether a bet stays open on the player's decisions: blackjack, mines, and crash
    ///         with a manual cash-out (params 0).
    function isInteractive(uint8 gameType, uint256 params) internal pure returns (bool) {
        return gameType == BLACKJACK || gameType == MINES || (gameType == CRASH && params == 0);
    }

    /// @notice The share of the bankroll an open bet reserves from, besides riskBps and the
    ///         player's room: none for a bet settled within a block or two, HANDS for a blackjack
    ///         hand, LONG_SHOTS for the other interactive bets (mines, a manual crash round), whose
    ///         maximum payout is up to 1,000 times the stake where a hand's is 2.5 times: in a room
    ///         of their own they cannot take the hands' room for a four-hundredth of the stake
    ///         (docs/decisions.md §4, "long shots").
    function roomOf(uint8 gameType, uint256 params) internal pure returns (uint8) {
        if (gameType == BLACKJACK) return HANDS;
        return isInteractive(gameType, params) ? LONG_SHOTS : NO_ROOM;
    }

    /// @notice A mines round's largest payout per stake in bps (engine minesBestRatio): every safe
    ///         tile revealed pays RTP × C(25, mines), capped at MINES_MAX_MULTIPLIER; reverts unless
    ///         `params`, the mine count, is 1 to 24.
    function minesBestBps(uint256 params, bool isNative) internal pure returns (uint256) {
        if (params == 0 || params >= MINES_TILES) revert InvalidParams(MINES, params);
        // C(25, mines) built up exactly: after step i, ways = C(25 − mines + i, i), a whole number.
        // Unchecked: params < 25, so every product stays below 25 × C(25, 12) < 2^27.
        uint256 ways = 1;
        unchecked {
            for (uint256 i = 1; i <= params; ++i) ways = (ways * (MINES_TILES - params + i)) / i;
        }
        uint256 best = rtpBps(isNative) * ways;
        uint256 cap = MINES_MAX_MULTIPLIER * BPS;
        return best < cap ? best : cap;
    }

    /// @notice How many of the 10,000 dice rolls win the bet of `params`: the target for "roll
    ///         under" (roll < target), 9,999 − target for "roll over" (roll > target); reverts
    ///         unless 1 to 9,800. A win pays stake × RTP_BPS ÷ this, so every target returns the RTP.
    function diceWinningRolls(uint256 params) internal pure returns (uint256 winning) {
        uint256 target = params & (DICE_OVER_FLAG - 1);
        // Unchecked, so that one comparison refuses every bad target: a roll-over target of 10,000
        // or more wraps round to a huge count, and a count of 0 wraps round when 1 is taken off.
        unchecked {
            winning = params & DICE_OVER_FLAG == 0 ? target : DICE_ROLLS - 1 - target;
            if (params >= 2 * DICE_OVER_FLAG || winning - 1 >= DICE_MAX_WINNING_ROLLS) revert InvalidParams(DICE, params);
        }
    }

    /// @notice A plinko table's edge slot in hundredths of the stake; reverts unless `params` are
    ///         8 to 16 rows and a risk of 0, 1 or 2.
    function plinkoEdge(uint256 params) internal pure returns (uint256) {
        uint256 rows = params & ((1 << PLINKO_RISK_SHIFT) - 1);
        uint256 risk = params >> PLINKO_RISK_SHIFT;
        if (rows < PLINKO_MIN_ROWS || rows > PLINKO_MAX_ROWS || risk > 2) revert InvalidParams(PLINKO, params);
        uint256 edges = risk == 0 ? PLINKO_EDGES_LOW : risk == 1 ? PLINKO_EDGES_MEDIUM : PLINKO_EDGES_HIGH;
        return (edges >> (PLINKO_EDGE_BITS * (rows - PLINKO_MIN_ROWS))) & PLINKO_EDGE_MASK;
    }

    /// @notice The largest payout of a bet of `totalStake`.
    function maxPayout(uint8 gameType, uint256 params, bool isNative, bool split, uint256 totalStake) internal pure returns (uint256) {
        (uint256 num, uint256 den) = ratio(gameType, params, isNative, split);
        return (totalStake * num) / den;
    }

    /// @notice How many bits of `bits` are set: a wheel bet's colours.
    function popCount(uint256 bits) internal pure returns (uint256 count) {
        // Unchecked: bits ≠ 0 inside the loop, and count ≤ 256.
        unchecked {
            for (; bits != 0; bits &= bits - 1) ++count;
        }
    }
}
