// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {GameRules} from "../rules/GameRules.sol";
import {RandomStream} from "../rules/RandomStream.sol";
import {BlackjackRules} from "../rules/BlackjackRules.sol";
import {CrashRules} from "../rules/CrashRules.sol";
import {KickboxingRules} from "../rules/KickboxingRules.sol";
import {SlotsRules} from "../rules/SlotsRules.sol";

/// @notice Test-only: runs many bets through a deployed GameRules in one eth_call, as the Casino
///         would call it (an external call from a contract), and records each payout or revert and
///         the gas of each call (test/rules/GameRules.engine.test.ts, bench/rules-gas.ts). Also
///         exposes the rules' internal pieces for the unit tests (test/rules/GameRules.units.test.ts).
contract GameRulesHarness {
    using RandomStream for RandomStream.Stream;

    /// @notice The bytes of one bet in `run`'s input, before its actions: gameType (1 byte),
    ///         flags (1: bit 0 isNative; bit 7 a blackjack hand whose split was staked, run through
    ///         rules.splitStakedPayout as the Casino does), the actions' length (2, big-endian),
    ///         params, stake, word (32 each).
    uint256 private constant BET_HEADER = 100;
    /// @notice The bytes of one bet's result in `run`'s output: 4 words.
    uint256 private constant RESULT_BYTES = 128;

    GameRules public immutable rules;

    constructor(GameRules rules_) {
        rules = rules_;
    }

    /// @notice Each bet of `bets` (packed as BET_HEADER describes, each followed by its actions)
    ///         through rules.payout. Per bet, 4 words out: 0 then the payout (a success), or the
    ///         revert data's selector (left-aligned) then its first two argument words; then the
    ///         gas of the call: gasleft() just before the call minus just after it, its arguments
    ///         already on the stack: encoding them, the CALL (warm: the address is touched first),
    ///         the rules' execution and decoding the answer, what a calling contract pays. Memory
    ///         is reset to the same point before every call so that no call pays for another's.
    ///         Packed bytes in and out: ethers' ABI coder took longer over 50,000 structs than the
    ///         EVM did (test/rules/support.ts encodes and decodes these).
    function run(bytes calldata bets) external view returns (bytes memory results) {
        uint256 count;
        for (uint256 at; at < bets.length; at += BET_HEADER + uint16(bytes2(bets[at + 2:at + 4]))) ++count;
        results = new bytes(count * RESULT_BYTES);
        require(address(rules).code.length != 0, "no rules"); // touches the address: every call below is warm
        uint256 freeMemory;
        assembly {
            freeMemory := mload(0x40)
            mstore(add(freeMemory, 0x800), 0) // expands memory once, before any call is measured
        }
        uint256 offset;
        for (uint256 i; i < count; ++i) {
            uint256 end = offset + BET_HEADER + uint16(bytes2(bets[offset + 2:offset + 4]));
            (bytes32 head, bytes32 arg0, bytes32 arg1, uint256 gasUsed) = _call(bets[offset:end]);
            assembly {
                let out := add(add(results, 0x20), mul(i, RESULT_BYTES))
                mstore(out, head)
                mstore(add(out, 0x20), arg0)
                mstore(add(out, 0x40), arg1)
                mstore(add(out, 0x60), gasUsed)
                mstore(0x40, freeMemory) // drops what the call allocated: encoding, revert data
            }
            offset = end;
        }
    }

    /// @dev One bet through rules.payout: its payout or revert data, and the gas of the call.
    function _call(bytes calldata bet) private view returns (bytes32 head, bytes32 arg0, bytes32 arg1, uint256 gasUsed) {
        uint8 gameType = uint8(bet[0]);
        bool isNative = uint8(bet[1]) & 1 != 0;
        bool splitStaked = uint8(bet[1]) & 0x80 != 0;
        uint256 params = uint256(bytes32(bet[4:36]));
        uint256 stake = uint256(bytes32(bet[36:68]));
        bytes32 word = bytes32(bet[68:BET_HEADER]);
        bytes calldata actions = bet[BET_HEADER:];
        uint256 before = gasleft();
        if (splitStaked) {
            try rules.splitStakedPayout(isNative, stake, word, actions) returns (uint256 paid) {
                gasUsed = before - gasleft();
                arg0 = bytes32(paid);
            } catch (bytes memory reason) {
                gasUsed = before - gasleft();
                (head, arg0, arg1) = _revertWords(reason);
            }
            return (head, arg0, arg1, gasUsed);
        }
        try rules.payout(gameType, params, isNative, stake, word, actions) returns (uint256 paid) {
            gasUsed = before - gasleft();
            arg0 = bytes32(paid);
        } catch (bytes memory reason) {
            gasUsed = before - gasleft();
            (head, arg0, arg1) = _revertWords(reason);
        }
    }

    /// @dev A revert's selector (left-aligned, marked non-zero) and its first two argument words.
    function _revertWords(bytes memory reason) private pure returns (bytes32 head, bytes32 arg0, bytes32 arg1) {
        bytes memory padded = bytes.concat(reason, new bytes(68));
        assembly {
            head := mload(add(padded, 0x20))
            arg0 := mload(add(padded, 36))
            arg1 := mload(add(padded, 68))
        }
        // A revert always has a selector here; mark it even if it were 0.
        head = bytes32(bytes4(head)) | bytes32(uint256(1));
    }

    /// @notice GameRules.payout's signature, returning 0 at once: a harness run against another
    ///         harness measures what calling alone costs (bench/rules-gas.ts).
    function payout(uint8, uint256, bool, uint256, bytes32, bytes calldata) external pure returns (uint256) {
        return 0;
    }

    /// @notice Draws from the stream of `word` in turn: next64 for n = 0, next52 for n = 2^256 − 1,
    ///         else uniform(n).
    function draws(bytes32 word, uint256[] calldata ns) external pure returns (uint256[] memory drawn) {
        RandomStream.Stream memory stream = RandomStream.open(word);
        drawn = new uint256[](ns.length);
        for (uint256 i; i < ns.length; ++i) {
            if (ns[i] == 0) drawn[i] = stream.next64();
            else if (ns[i] == type(uint256).max) drawn[i] = stream.next52();
            else drawn[i] = stream.uniform(ns[i]);
        }
    }

    /// @notice uniform(n) on a stream whose current block holds `block_`'s lanes (the first
    ///         `left` of them not yet drawn, then the blocks of `word`): rejection sampling on
    ///         chosen lanes. Returns the value and the lanes still left.
    function uniformFrom(bytes32 word, uint256 block_, uint256 left, uint256 n) external pure returns (uint256 value, uint256 lanesLeft, uint256 nextBlock) {
        RandomStream.Stream memory stream = RandomStream.Stream({word: word, nextBlock: 0, lanes: block_, lanesLeft: left});
        value = stream.uniform(n);
        return (value, stream.lanesLeft, stream.nextBlock);
    }

    /// @notice firstUniform(word, n) for each n.
    function firstUniforms(bytes32 word, uint256[] calldata ns) external pure returns (uint256[] memory values) {
        values = new uint256[](ns.length);
        for (uint256 i; i < ns.length; ++i) values[i] = RandomStream.firstUniform(word, ns[i]);
    }

    /// @notice Shuffles `count` bytes 0, 1, 2, … with the stream of `word`.
    function shuffled(bytes32 word, uint256 count) external pure returns (bytes memory items) {
        items = new bytes(count);
        for (uint256 i; i < count; ++i) items[i] = bytes1(uint8(i));
        RandomStream.shuffle(word, items);
    }

    /// @notice The float thresholds of kickboxing, in the engine's order: 0.02, 0.5, 0.3, 0.55, 0.8, 0.35, 0.4.
    function kickboxingThresholds() external pure returns (uint256[7] memory) {
        return [
            KickboxingRules.EVEN_MATCH_BELOW,
            KickboxingRules.RED_FIRST_BELOW,
            KickboxingRules.REPEAT_BELOW,
            KickboxingRules.PUNCH_BELOW,
            KickboxingRules.HIT_BELOW,
            KickboxingRules.BLOCK_BELOW,
            KickboxingRules.COUNTER_BELOW
        ];
    }

    /// @notice KickboxingRules.payoutFor: what a bet pays once the fight's winner is known.
    function kickboxingPayoutFor(uint256 bet, uint256 fightWinner, uint256 stake) external pure returns (uint256) {
        return KickboxingRules.payoutFor(bet, fightWinner, stake);
    }

    /// @notice The crash point of each first float's 52-bit integer.
    function crashPoints(uint256[] calldata us, bool isNative) external pure returns (uint256[] memory points) {
        points = new uint256[](us.length);
        for (uint256 i; i < us.length; ++i) points[i] = CrashRules.crashPoint(us[i], isNative);
    }

    /// @notice The grids of many spins: cell (reel c, row r) in bits 4(5r + c)..4(5r + c) + 3.
    function slotsGrids(bytes32[] calldata words) external pure returns (uint256[] memory grids) {
        grids = new uint256[](words.length);
        for (uint256 i; i < words.length; ++i) grids[i] = SlotsRules.spin(words[i]);
    }

    /// @notice The lane below which uniform(100) accepts a slots pick.
    function slotsPickLimit() external pure returns (uint256) {
        return SlotsRules.PICK_LIMIT;
    }

    /// @notice The line prices of each grid (laid out as slotsGrids returns them), in bets.
    function slotsLineUnits(uint256[] calldata grids) external pure returns (uint256[] memory units) {
        units = new uint256[](grids.length);
        for (uint256 i; i < grids.length; ++i) units[i] = SlotsRules.lineUnits(grids[i]);
    }

    /// @notice The shuffled decks of many words: card k's blackjack value in byte k.
    function blackjackDecks(bytes32[] calldata words) external pure returns (bytes[] memory decks) {
        decks = new bytes[](words.length);
        for (uint256 i; i < words.length; ++i) decks[i] = BlackjackRules.shuffle(words[i]);
    }
}
