// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title RandomStream
/// @notice The engine's counter-mode keccak stream (engine/src/random.ts, engine/README.md "How every
///         outcome is drawn", steps 2–4), byte for byte: block k = keccak256(word ‖ k) with k as 32
///         bytes big-endian, read as four 64-bit big-endian lanes left to right, each lane used once.
///         A float is the top 52 bits of the next lane (callers compare that integer with a
///         threshold instead of dividing by 2^52); an integer in [0, n) is lane mod n, drawn again
///         while lane ≥ 2^64 − (2^64 mod n).
/// @dev A Stream in memory serves any number of draws. The games that draw many times in a loop
///      keep the current block on the stack instead, in assembly: the deck `shuffle` below, and
///      the slots' spin and the kickboxing fight, which repeat these steps inline (SlotsRules.sol,
///      KickboxingRules.sol). test/rules/GameRules.units.test.ts checks this library against the
///      engine's stream; test/rules/GameRules.engine.test.ts checks every game against the engine.
library RandomStream {
    /// @dev `word` and `nextBlock` come first and in this order: next64 hashes these two words of
    ///      the struct in place as `word ‖ k`.
    struct Stream {
        bytes32 word;
        /// @dev k of the next block to hash.
        uint256 nextBlock;
        /// @dev The current block shifted left by the lanes already drawn: the next lane is its top 64 bits.
        uint256 lanes;
        /// @dev Lanes of the current block not drawn yet (0 before the first block).
        uint256 lanesLeft;
    }

    /// @notice Four 64-bit lanes per 256-bit block (engine/src/random.ts LANES_PER_BLOCK).
    uint256 internal constant LANES_PER_BLOCK = 4;
    /// @notice A float keeps the top 52 of a lane's 64 bits (step 3).
    uint256 internal constant FLOAT_BITS = 52;
    uint256 private constant LANE_BITS = 64;
    /// @notice 2^64 and 256 − 64 (a lane is the top 64 bits of the shifted block), written out:
    ///         inline assembly takes only number literals as constants.
    uint256 private constant TWO_POW_64 = 0x10000000000000000;
    uint256 private constant LANE_SHIFT = 192;
    /// @notice The second lane of a block, and a lane's mask (the third lane is at LANE_BITS).
    uint256 private constant SECOND_LANE_SHIFT = 128;
    uint256 private constant LANE_MASK = 0xffffffffffffffff;
    /// @notice 2^64 − 64: uniform(n) accepts every lane below it for n ≤ 64.
    uint256 private constant SAFE_BELOW_64 = 0xffffffffffffffc0;
    /// @notice The most items `shuffle` takes: its shortcut on the rejection limit needs n ≤ 64.
    uint256 internal constant MAX_SHUFFLE_ITEMS = 64;

    /// @notice `shuffle` was given more than MAX_SHUFFLE_ITEMS items.
    error TooManyItems(uint256 count);

    /// @notice The stream of `word`, before its first draw.
    function open(bytes32 word) internal pure returns (Stream memory stream) {
        stream.word = word;
    }

    /// @notice The first lane of the stream of `word`, without opening a Stream (no memory
    ///         allocated): crash reads nothing else, and the wheel nothing else but in the
    ///         rejection that firstUniform handles.
    function firstLane(bytes32 word) internal pure returns (uint256 lane) {
        // Assembly: block 0 hashed in scratch space. Memory-safe: it writes the 64 bytes of
        // scratch space only.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(0x00, word)
            mstore(0x20, 0)
            lane := shr(LANE_SHIFT, keccak256(0x00, 0x40))
        }
    }

    /// @notice uniform(n) as the first draw of the stream of `word`: from its first lane, or, when
    ///         that lane is rejected (for n = 10, 6 lanes in 2^64), from the stream opened past it.
    function firstUniform(bytes32 word, uint256 n) internal pure returns (uint256) {
        uint256 lane = firstLane(word);
        if (lane < _limit(n)) return lane % n;
        Stream memory stream = open(word);
        next64(stream);
        return uniform(stream, n);
    }

    /// @notice The next 64-bit lane, hashing the next block when the current one is used up.
    function next64(Stream memory stream) internal pure returns (uint256 lane) {
        // Assembly: hashes `word ‖ nextBlock` where they already lie (the struct's first 64 bytes)
        // instead of copying them into a fresh abi.encodePacked buffer for every block, and keeps
        // a draw free of Solidity's bounds and overflow checks (the block counter cannot come near
        // 2^256). Memory-safe: it reads and writes only the four words of the struct it is given.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            let left := mload(add(stream, 0x60))
            let lanes := mload(add(stream, 0x40))
            if iszero(left) {
                lanes := keccak256(stream, 0x40)
                let counter := add(stream, 0x20)
                mstore(counter, add(mload(counter), 1))
                left := LANES_PER_BLOCK
            }
            lane := shr(LANE_SHIFT, lanes)
            mstore(add(stream, 0x40), shl(LANE_BITS, lanes))
            mstore(add(stream, 0x60), sub(left, 1))
        }
    }

    /// @notice The top 52 bits of the next lane: the engine's float() is this ÷ 2^52, so
    ///         `float() < p` ⇔ `next52() < ceil(p × 2^52)` (p the engine's double).
    function next52(Stream memory stream) internal pure returns (uint256) {
        return next64(stream) >> (LANE_BITS - FLOAT_BITS);
    }

    /// @notice The engine's int(n): an integer in [0, n), exactly uniform by rejection sampling:
    ///         lane mod n for the next lane below 2^64 − (2^64 mod n). 1 ≤ n ≤ 2^32, as for the
    ///         engine's int(n).
    function uniform(Stream memory stream, uint256 n) internal pure returns (uint256) {
        uint256 limit = _limit(n);
        uint256 lane = next64(stream);
        while (lane >= limit) lane = next64(stream);
        return lane % n;
    }

    /// @notice Fisher–Yates on `items` in place, with the first draws of the stream of `word`, as
    ///         the engine shuffles a deck (engine/src/cards.ts shuffleDeck): for i = length − 1
    ///         down to 1, swap items i and uniform(i + 1). Blackjack draws nothing else. At most
    ///         MAX_SHUFFLE_ITEMS items.
    function shuffle(bytes32 word, bytes memory items) internal pure {
        if (items.length > MAX_SHUFFLE_ITEMS) revert TooManyItems(items.length);
        if (items.length < 2) return;
        // Assembly: a deck takes 51 draws, and a Solidity call with four memory accesses per draw
        // cost more than the draw and the swap together: here each block is hashed in scratch
        // space and its four lanes handed to the step in turn, and items are swapped with
        // mload/mstore8 without bounds checks (i and j are below the length). Memory-safe: it
        // writes the 64 bytes of scratch space (word ‖ k, for block k) and the bytes of `items`.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            // One step of Fisher–Yates: draws uniform(i + 1) from `lane` and swaps; returns the
            // next i, or i again when the lane is rejected.
            function step(first, i, lane) -> next {
                next := i
                let n := add(i, 1)
                // 2^64 mod n < n ≤ 64, so every lane below 2^64 − 64 is accepted and only the
                // 64 highest need the exact limit 2^64 − (2^64 mod n).
                if iszero(lt(lane, SAFE_BELOW_64)) {
                    if iszero(lt(lane, sub(TWO_POW_64, mod(TWO_POW_64, n)))) {
                        leave
                    }
                }
                let atI := add(first, i)
                let atJ := add(first, mod(lane, n))
                let item := byte(0, mload(atI))
                mstore8(atI, byte(0, mload(atJ)))
                mstore8(atJ, item)
                next := sub(i, 1)
            }
            let first := add(items, 0x20)
            mstore(0x00, word)
            let i := sub(mload(items), 1)
            // Block k's four lanes, left to right, until i reaches 0.
            for { let k := 0 } i { k := add(k, 1) } {
                mstore(0x20, k)
                let lanes := keccak256(0x00, 0x40)
                i := step(first, i, shr(LANE_SHIFT, lanes))
                if i { i := step(first, i, and(shr(SECOND_LANE_SHIFT, lanes), LANE_MASK)) }
                if i { i := step(first, i, and(shr(LANE_BITS, lanes), LANE_MASK)) }
                if i { i := step(first, i, and(lanes, LANE_MASK)) }
            }
        }
    }

    /// @dev 2^64 − (2^64 mod n): uniform(n) takes the lanes below it.
    function _limit(uint256 n) private pure returns (uint256) {
        unchecked {
            return TWO_POW_64 - (TWO_POW_64 % n); // 2^64 mod n < n ≤ 2^32 < 2^64
        }
    }
}
