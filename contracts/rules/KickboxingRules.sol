// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";

/// @title KickboxingRules
/// @notice Kickboxing's payout, exactly engine/src/kickboxing.ts settleKickboxing (engine/README.md
///         "Kickboxing"): an even match (the first draw, 2 %) is a draw; any other fight is
///         simulated draw for draw to find its winner. RED or BLUE pays x2 on that side's win and
///         TIE x4 on a draw; the token changes nothing.
/// @dev The engine draws floats and compares them with doubles (`float() < 0.3`). float() is
///      u / 2^52 exactly (u the lane's top 52 bits), so `float() < p` ⇔ u < p × 2^52 ⇔
///      u < ceil(p × 2^52), with p the engine's double, not the decimal it is written as: the
///      *_BELOW constants are those ceilings, computed exactly from the doubles' bits and checked at
///      u = threshold − 1 and u = threshold by test/rules/GameRules.units.test.ts.
///      Damage: the engine takes Math.floor(a × b / 100) of small integers a × b < 2^53, which is
///      exact and equals integer division (the same test checks every reachable value).
library KickboxingRules {
    /// @notice Bets (params): 0 RED, 1 BLUE, 2 TIE (engine decodeKickboxingParams).
    uint256 internal constant RED = 0;
    uint256 internal constant BLUE = 1;
    uint256 internal constant TIE = 2;
    /// @notice The winner of a fight that goes the distance (both standing after 30 s).
    uint256 internal constant DRAW = TIE;

    /// @notice ceil(0.02 × 2^52): the fight is an even match, a DRAW (engine EVEN_MATCH_CHANCE 0.02).
    ///         Its pulled blows only show the fight; the winner needs no more draws.
    uint256 internal constant EVEN_MATCH_BELOW = 0x51eb851eb852;
    /// @notice ceil(0.5 × 2^52): RED attacks first when the first float is below 0.5.
    uint256 internal constant RED_FIRST_BELOW = 0x8000000000000;
    /// @notice ceil(0.3 × 2^52): the last attacker attacks again (a combo) (engine REPEAT_CHANCE 0.3).
    uint256 internal constant REPEAT_BELOW = 0x4cccccccccccd;
    /// @notice ceil(0.55 × 2^52): the attack is a punch, else a kick (engine PUNCH_CHANCE 0.55).
    uint256 internal constant PUNCH_BELOW = 0x8cccccccccccd;
    /// @notice ceil(0.8 × 2^52): the attack lands (engine HIT_CHANCE 0.8).
    uint256 internal constant HIT_BELOW = 0xccccccccccccd;
    /// @notice ceil(0.35 × 2^52): a landed attack is blocked (engine BLOCK_CHANCE 0.35).
    uint256 internal constant BLOCK_BELOW = 0x599999999999a;
    /// @notice ceil(0.4 × 2^52): a blocker still standing counters (engine COUNTER_CHANCE 0.4).
    uint256 internal constant COUNTER_BELOW = 0x6666666666667;

    /// @notice 30 s of exchanges every 600 ms (engine KICKBOXING_EXCHANGES).
    uint256 internal constant EXCHANGES = 50;
    uint256 internal constant START_HP = 100;
    /// @notice Punch damage 12–23 and kick damage 15–29: the lowest, and how many values (int(n)).
    uint256 internal constant PUNCH_MIN = 12;
    uint256 internal constant PUNCH_VALUES = 12;
    uint256 internal constant KICK_MIN = 15;
    uint256 internal constant KICK_VALUES = 15;
    /// @notice Damage × (100 + 15 × combo) / 100; a block lets 30 % through; a counter hits for 60 %.
    uint256 internal constant COMBO_STEP_PCT = 15;
    uint256 internal constant BLOCKED_DAMAGE_PCT = 30;
    uint256 internal constant COUNTER_DAMAGE_PCT = 60;
    uint256 private constant PERCENT = 100;
    /// @notice RandomStream.sol's lane geometry, written out (inline assembly takes only number
    ///         literals as constants): 4 lanes of 64 bits a block, a lane the top 64 bits of the
    ///         shifted block (256 − 64), a float its top 52 (256 − 52).
    uint256 private constant LANES_PER_BLOCK = 4;
    uint256 private constant LANE_BITS = 64;
    uint256 private constant LANE_SHIFT = 192;
    uint256 private constant FLOAT_SHIFT = 204;
    /// @notice uniform(n)'s limit 2^64 − (2^64 mod n) for the punch's 12 and the kick's 15 values
    ///         (2^64 mod 12 = 4, 2^64 mod 15 = 1).
    uint256 private constant PUNCH_LIMIT = 0xfffffffffffffffc;
    uint256 private constant KICK_LIMIT = 0xffffffffffffffff;
    /// @notice Total payout per stake in bps: x2 on the winner, x4 on a draw.
    uint256 private constant WINNER_PAYOUT_BPS = 20_000;
    uint256 private constant TIE_PAYOUT_BPS = 40_000;
    uint256 private constant BPS = 10_000;

    /// @notice The payout of a kickboxing bet; reverts with Payouts.InvalidParams unless params is 0, 1 or 2.
    function payout(uint256 params, uint256 stake, bytes32 word) internal pure returns (uint256) {
        if (params > TIE) revert Payouts.InvalidParams(Payouts.KICKBOXING, params);
        return payoutFor(params, winner(word), stake);
    }

    /// @notice What a bet on `bet` pays once `fightWinner` (RED, BLUE or DRAW) is known (engine kickboxingPayoutBps).
    function payoutFor(uint256 bet, uint256 fightWinner, uint256 stake) internal pure returns (uint256) {
        if (bet != fightWinner) return 0;
        return (stake * (bet == TIE ? TIE_PAYOUT_BPS : WINNER_PAYOUT_BPS)) / BPS;
    }

    /// @notice The fight of `word`: RED, BLUE (the other side is knocked out) or DRAW (an even
    ///         match, or time).
    /// @dev Draw order: even match, then per exchange: attacker (side, later repeat-or-switch), move, hit; if it
    ///      hits: damage int, block; if blocked and the defender still stands: counter. The hit
    ///      points are kept as the attacker's and the defender's, swapped when the attacker changes.
    // One assembly block for the whole fight, so that the stream's block stays on the stack: long.
    // solhint-disable-next-line function-max-lines
    function winner(bytes32 word) internal pure returns (uint256 result) {
        // Assembly: a fight makes about 60 draws (up to 300), and a library call with four memory
        // accesses per draw cost a third of the whole bet; here the stream's current block stays
        // on the stack. The draws are RandomStream.sol's, step for step: block k = keccak256(word ‖
        // k), hashed in scratch space with k at 0x20; lanes taken from the top; a float the top 52
        // bits of a lane; uniform(n) with its rejection. Each draw below is the same three lines:
        // hash the next block if this one is used up, read its top lane, shift it out. Memory-safe:
        // it writes the 64 bytes of scratch space only.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(0x00, word)
            mstore(0x20, 0)
            // The first float, block 0's top lane: an even match is a DRAW and runs no exchange.
            let lanes := keccak256(0x00, 0x40)
            mstore(0x20, 1)
            let left := LANES_PER_BLOCK
            let exchanges := mul(EXCHANGES, iszero(lt(shr(FLOAT_SHIFT, lanes), EVEN_MATCH_BELOW)))
            lanes := shl(LANE_BITS, lanes) left := sub(left, 1)
            result := DRAW
            // The second float: the first attacker.
            let attacker := iszero(lt(shr(FLOAT_SHIFT, lanes), RED_FIRST_BELOW)) // RED (0) below, else BLUE (1)
            lanes := shl(LANE_BITS, lanes) left := sub(left, 1)
            let attackerHp := START_HP
            let defenderHp := START_HP
            let combo := 0
            for { let exchange := 0 } lt(exchange, exchanges) { exchange := add(exchange, 1) } {
                if exchange {
                    if iszero(left) { lanes := keccak256(0x00, 0x40) mstore(0x20, add(mload(0x20), 1)) left := LANES_PER_BLOCK }
                    let repeat := lt(shr(FLOAT_SHIFT, lanes), REPEAT_BELOW)
                    lanes := shl(LANE_BITS, lanes) left := sub(left, 1)
                    switch repeat
                    case 0 {
                        // The other fighter attacks: swap the hit points, the combo starts over.
                        attacker := xor(attacker, 1)
                        let hp := attackerHp
                        attackerHp := defenderHp
                        defenderHp := hp
                        combo := 0
                    }
                    default {
                        combo := add(combo, 1)
                    }
                }
                if iszero(left) { lanes := keccak256(0x00, 0x40) mstore(0x20, add(mload(0x20), 1)) left := LANES_PER_BLOCK }
                let punch := lt(shr(FLOAT_SHIFT, lanes), PUNCH_BELOW)
                lanes := shl(LANE_BITS, lanes) left := sub(left, 1)
                if iszero(left) { lanes := keccak256(0x00, 0x40) mstore(0x20, add(mload(0x20), 1)) left := LANES_PER_BLOCK }
                let hit := lt(shr(FLOAT_SHIFT, lanes), HIT_BELOW)
                lanes := shl(LANE_BITS, lanes) left := sub(left, 1)
                if iszero(hit) {
                    continue // a miss: nobody is hurt
                }
                // The damage: min + uniform(values) of a punch or a kick, then the combo's bonus.
                let base := 0
                for {} iszero(base) {} {
                    if iszero(left) { lanes := keccak256(0x00, 0x40) mstore(0x20, add(mload(0x20), 1)) left := LANES_PER_BLOCK }
                    let lane := shr(LANE_SHIFT, lanes)
                    lanes := shl(LANE_BITS, lanes) left := sub(left, 1)
                    switch punch
                    case 0 {
                        if lt(lane, KICK_LIMIT) { base := add(KICK_MIN, mod(lane, KICK_VALUES)) }
                    }
                    default {
                        if lt(lane, PUNCH_LIMIT) { base := add(PUNCH_MIN, mod(lane, PUNCH_VALUES)) }
                    }
                }
                let attack := div(mul(base, add(PERCENT, mul(COMBO_STEP_PCT, combo))), PERCENT)
                if iszero(left) { lanes := keccak256(0x00, 0x40) mstore(0x20, add(mload(0x20), 1)) left := LANES_PER_BLOCK }
                let blocked := lt(shr(FLOAT_SHIFT, lanes), BLOCK_BELOW)
                lanes := shl(LANE_BITS, lanes) left := sub(left, 1)
                if iszero(blocked) {
                    // Not blocked: the defender takes it all.
                    if iszero(gt(defenderHp, attack)) {
                        result := attacker
                        break
                    }
                    defenderHp := sub(defenderHp, attack)
                    continue
                }
                let taken := div(mul(attack, BLOCKED_DAMAGE_PCT), PERCENT)
                if iszero(gt(defenderHp, taken)) {
                    result := attacker
                    break
                }
                defenderHp := sub(defenderHp, taken)
                // The blocker still stands: a counter?
                if iszero(left) { lanes := keccak256(0x00, 0x40) mstore(0x20, add(mload(0x20), 1)) left := LANES_PER_BLOCK }
                let counters := lt(shr(FLOAT_SHIFT, lanes), COUNTER_BELOW)
                lanes := shl(LANE_BITS, lanes) left := sub(left, 1)
                if counters {
                    let counter := div(mul(attack, COUNTER_DAMAGE_PCT), PERCENT)
                    if iszero(gt(attackerHp, counter)) {
                        result := xor(attacker, 1)
                        break
                    }
                    attackerHp := sub(attackerHp, counter)
                }
            }
        }
    }
}
