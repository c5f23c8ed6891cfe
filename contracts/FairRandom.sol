// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title FairRandom
/// @notice The provably-fair derivations shared byte for byte with the TypeScript engine
///         (engine/src/random.ts, engine/src/jackpot.ts): the random word of a bet, the jackpot
///         draw and the hash-chain step.
library FairRandom {
    /// @notice keccak256("DEGEN_CASINO_JACKPOT"): domain separator of the jackpot roll.
    bytes32 internal constant JACKPOT_DOMAIN = keccak256("DEGEN_CASINO_JACKPOT");
    /// @notice Jackpot odds are a probability × 2^47; a roll is uniform in [0, 2^47).
    uint256 internal constant ODDS_ONE = 1 << 47;
    uint256 private constant BPS = 10_000;
    /// @notice EIP-2935's history contract: the last 8191 block hashes, where the chain has it (BSC does).
    address internal constant HISTORY_STORAGE = 0x0000F90827F1C53a10cb7A02335B175320002935;
    uint256 internal constant HISTORY_WINDOW = 8191;

    /// @notice random = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino)).
    function word(
        bytes32 seed,
        bytes32 clientSeed,
        address player,
        uint256 nonce,
        uint256 chainId,
        address casino
    ) internal pure returns (bytes32) {
        return keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino));
    }

    /// @notice roll = uint256(keccak256(abi.encode(JACKPOT_DOMAIN, casino, betId, entropy))) >> 209:
    ///         47 uniform bits; a bet hits when its roll is below its odds.
    /// @dev `entropy` is the hash of the block that holds the bet: nobody (house, settler or
    ///      player) knows it when the bet is sent, and the seed is not an input, so knowing the
    ///      seed in advance does not help to choose a winning client seed.
    function jackpotRoll(address casino, uint256 betId, bytes32 entropy) internal pure returns (uint256) {
        return uint256(keccak256(abi.encode(JACKPOT_DOMAIN, casino, betId, entropy))) >> 209;
    }

    /// @notice A jackpot prize is fixed in whole units of 10^9 base units (a nano-DEGEN), so that
    ///         it fits in a bet's record.
    uint256 internal constant JACKPOT_PRIZE_UNIT = 1e9;
    uint256 private constant MAX_JACKPOT_PRIZE = type(uint56).max * JACKPOT_PRIZE_UNIT;

    /// @notice The prize a bet placed now wins on a hit: shareBps of the pool, rounded down to a
    ///         whole JACKPOT_PRIZE_UNIT (and at most 2^56 − 1 units, ≈ 72 million DEGEN). A hit never
    ///         pays more than this, nor more than the pool holds when it is drawn.
    function jackpotPrizeOf(uint256 pool, uint256 shareBps) internal pure returns (uint256) {
        uint256 prize = Math.min((pool * shareBps) / BPS, MAX_JACKPOT_PRIZE);
        return prize - (prize % JACKPOT_PRIZE_UNIT);
    }

    /// @notice The prize of a DEGEN bet of `stake` placed now, and its odds: jackpotPrizeOf(pool,
    ///         shareBps), or 0 when that gives the bet no odds (a zero edge, an empty pool, or a
    ///         stake too small for one 2^-47 of a chance), so that a bet records a prize only if it
    ///         can win it.
    function betJackpot(uint256 stake, uint256 edgeBps, uint256 pool, uint256 shareBps) internal pure returns (uint256 prize, uint256 odds) {
        prize = jackpotPrizeOf(pool, shareBps);
        odds = jackpotOdds(stake, edgeBps, prize);
        if (odds == 0) prize = 0;
    }

    /// @notice A bet's chance to win `prize`, as P × 2^47, rounded down: stake × edgeBps /
    ///         (10000 × prize), at most 1. Its expected win is then the lesser of edgeBps / 10000 of
    ///         its stake and the prize, whatever the pool.
    function jackpotOdds(uint256 stake, uint256 edgeBps, uint256 prize) internal pure returns (uint256) {
        if (prize == 0) return 0;
        return Math.min((stake * edgeBps * ODDS_ONE) / (prize * BPS), ODDS_ONE);
    }

    /// @notice The hash of block `blockNumber`: BLOCKHASH for the last 256 blocks, then EIP-2935's
    ///         history contract for up to 8191; 0 for the current or a future block, an older one,
    ///         or where the history contract is missing or refuses (only a 32-byte answer counts:
    ///         a contract that reverts with data must not pass its revert data off as a hash).
    function blockHash(uint256 blockNumber) internal view returns (bytes32 hash) {
        if (blockNumber >= block.number) return 0;
        uint256 distance = block.number - blockNumber;
        if (distance <= 256) return blockhash(blockNumber);
        if (distance > HISTORY_WINDOW) return 0;
        // Assembly: a staticcall that checks the returndata is exactly 32 bytes before using it.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(0x00, blockNumber)
            let ok := staticcall(gas(), HISTORY_STORAGE, 0x00, 0x20, 0x00, 0x20)
            if and(ok, eq(returndatasize(), 0x20)) {
                hash := mload(0x00)
            }
        }
    }

    /// @notice One step down the hash chain: keccak256 of the 32 raw bytes of `link`.
    function hashLink(bytes32 link) internal pure returns (bytes32 result) {
        // Assembly: hashes the word in scratch space instead of allocating abi.encode's bytes.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(0x00, link)
            result := keccak256(0x00, 0x20)
        }
    }
}
