// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {FairRandom} from "../FairRandom.sol";

/// @notice Test-only: exposes FairRandom with any chain id and casino address, so the shared test
///         vectors (engine/vectors/random.json) can be checked against the Solidity code itself.
contract FairRandomHarness {
    function word(bytes32 seed, bytes32 clientSeed, address player, uint256 nonce, uint256 chainId, address casino)
        external
        pure
        returns (bytes32)
    {
        return FairRandom.word(seed, clientSeed, player, nonce, chainId, casino);
    }

    function jackpotRoll(address casino, uint256 betId, bytes32 entropy) external pure returns (uint256) {
        return FairRandom.jackpotRoll(casino, betId, entropy);
    }

    function jackpotOdds(uint256 stake, uint256 edgeBps, uint256 prize) external pure returns (uint256) {
        return FairRandom.jackpotOdds(stake, edgeBps, prize);
    }

    function jackpotPrizeOf(uint256 pool, uint256 shareBps) external pure returns (uint256) {
        return FairRandom.jackpotPrizeOf(pool, shareBps);
    }

    function betJackpotPrize(uint256 stake, uint256 edgeBps, uint256 pool, uint256 shareBps) external pure returns (uint256) {
        (uint256 prize, ) = FairRandom.betJackpot(stake, edgeBps, pool, shareBps);
        return prize;
    }

    function hashLink(bytes32 link) external pure returns (bytes32) {
        return FairRandom.hashLink(link);
    }
}
