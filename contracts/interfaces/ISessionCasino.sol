// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ICasino} from "./ICasino.sol";

/// @dev What ISessionCasino.playFor pays a bet it skipped: this bit, above any payout, with the
///      selector of the error that refused it in the low 32 bits.
uint256 constant SKIPPED_PAYOUT = 1 << 255;

/// @dev How long a one-click bet the server accepted may take to land: the server countersigns a
///      bet only when its deadline is at most this far ahead. So every bet it accepted before a
///      player revoked their key, or made their limits stricter, has its deadline within this
///      window after that change, and still lands: what a player does after the server took their
///      bet never makes it fail (contracts/README.md "Trust assumptions", issue #37 item 2).
uint256 constant ACCEPTANCE_WINDOW = 5 minutes;

/// @dev A SignedBet in the ABI: twelve words, all of fixed size, which CasinoSessions.play and
///      Casino.playFor pass on as calldata holds them.
uint256 constant SIGNED_BET_SIZE = 12 * 32;

/// @title ISessionCasino
/// @notice What CasinoSessions calls on the Casino that deployed it: bets a player's session key
///         signed, placed (and, for a game that needs no decision, settled) from the player's vault.
interface ISessionCasino {
    /// @notice A bet as its player signed it: everything that fixes its outcome but the house's seed.
    struct BetInput {
        address player;
        address token;
        uint256 amount;
        uint8 gameType;
        uint256 params;
        bytes32 clientSeed;
        uint64 nonce;
        bytes32 expectedCommit;
        uint256 terms;
    }

    /// @notice A bet as the session key signed it (EIP-712 `Bet`, which names the hash of the
    ///         client seed: the bet carries the seed, revealed once the house countersigned),
    ///         and the signature in its compact form (EIP-2098: r and yParity with s).
    struct SignedBet {
        BetInput bet;
        uint256 deadline;
        bytes32 r;
        bytes32 vs;
    }

    /// @notice Places and settles bets that need no decision in one go, each with its seed. The
    ///         signed bets are passed as they came (CasinoSessions checked their signatures):
    ///         an array of fixed-size structs is copied whole, where a new array would be encoded
    ///         field by field. A bet the sessions refused (`refusals`: the selector of their
    ///         error, 0 when accepted) or the Casino cannot place is skipped (ICasino.BetSkipped)
    ///         and paid SKIPPED_PAYOUT | its reason; the others settle.
    function playFor(SignedBet[] calldata bets, bytes32[] calldata seeds, bytes4[] calldata refusals)
        external
        returns (uint256[] memory payouts);

    /// @notice Places a bet, to be settled later (an interactive game, or a bet sent without its
    ///         seed); `deadline` is the signed bet's (CasinoLimits.beforeBet).
    function placeFor(BetInput calldata bet, uint256 deadline) external returns (uint256 betId);

    /// @notice The second stake of a blackjack split, from the player's vault.
    function addStakeFor(uint256 betId) external returns (uint256 stake, address token);

    /// @notice The house's settler: the one relay of seeds and actions.
    function settler() external view returns (address);

    /// @notice When `account` stopped being the settler (0: never was one, or never replaced).
    function settlerRetiredAt(address account) external view returns (uint256);

    /// @notice A bet as stored (`open` false once resolved or never placed), as CasinoSessions reads
    ///         it for a revoked key's action log.
    function getBet(uint256 betId) external view returns (ICasino.BetView memory);

    /// @notice Settles an open bet with the actions its player signed.
    function settleFor(uint256 betId, bytes32 seed, bytes calldata actions) external returns (uint256 payout, address token);
}
