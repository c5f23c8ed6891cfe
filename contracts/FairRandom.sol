// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title FairRandom
/// @notice The provably-fair derivations shared byte for byte with the TypeScript engine
///         (notes/interop.md): the random word of a bet, the jackpot roll and the hash-chain step.
library FairRandom {
    /// @notice keccak256("DEGEN_CASINO_JACKPOT"): domain separator of the jackpot roll.
    bytes32 internal constant JACKPOT_DOMAIN = keccak256("DEGEN_CASINO_JACKPOT");

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

    /// @notice roll = uint256(keccak256(abi.encode(JACKPOT_DOMAIN, random))) % 10000.
    function jackpotRoll(bytes32 random) internal pure returns (uint256) {
        return uint256(keccak256(abi.encode(JACKPOT_DOMAIN, random))) % 10_000;
    }

    /// @notice One step down the hash chain: keccak256 of the 32 raw bytes of `link`.
    function hashLink(bytes32 link) internal pure returns (bytes32 result) {
        assembly ("memory-safe") {
            mstore(0x00, link)
            result := keccak256(0x00, 0x20)
        }
    }
}
