// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ICasino} from "./ICasino.sol";

/// @dev What ISessionCasino.playFor pays a bet it skipped: this bit, above any payout, with the
///      selector of the error that refused it in the low 32 bits.
uint256 constant SKIPPED_PAYOUT = 1 << 255;

/// @dev The one bound of every window of one-click play (docs/decisions.md §9): the server
///      countersigns a bet only when its deadline is at most this far ahead of the latest block it
///      read, so every bet it accepted before a change mined later (a revocation, a stricter limit,
///      new terms) has its deadline at most this long after that change, and lands: a change at
///      time t honours every bet whose deadline is ≤ t + ACCEPTANCE_WINDOW.
uint256 constant ACCEPTANCE_WINDOW = 5 minutes;

/// @dev A SignedBet in the ABI: eleven words, all of fixed size, which CasinoSessions.play and
///      Casino.playFor pass on as calldata holds them.
uint256 constant SIGNED_BET_SIZE = 11 * 32;

/// @title ISessionCasino
/// @notice What CasinoSessions calls on the Casino that deployed it. A one-click session is a lane
///         of its own: its own nonces (a bet's `nonce` is `lane << 32 | n`), its own hash chain,
///         committed when the session opens, and its own funds, escrowed from the player's vault
///         when it opens and given back when it ends. Bets its key signs are placed from those
///         funds and pay into them.
interface ISessionCasino {
    /// @notice A bet as its player's session key signed it: everything that fixes its outcome but
    ///         the house's seed. `nonce` is the lane's (lane << 32 | n).
    struct BetInput {
        address player;
        address token;
        uint256 amount;
        uint8 gameType;
        uint256 params;
        bytes32 clientSeed;
        uint64 nonce;
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

    /// @notice Opens a session's lane: its chain's root, and its funds taken from the player's vault.
    function openLane(address player, uint32 lane, bytes32 commit, uint256 degenFunds, uint256 nativeFunds) external;

    /// @notice Gives what a lane holds back to its player's vault; returns the amounts.
    function closeLane(address player, uint32 lane) external returns (uint256 degenFunds, uint256 nativeFunds);

    /// @notice Places and settles bets that need no decision in one go, each with its seed. The
    ///         signed bets are passed as they came (CasinoSessions checked their signatures):
    ///         an array of fixed-size structs is copied whole, where a new array would be encoded
    ///         field by field. A bet the sessions refused (`refusals`: the selector of their
    ///         error, 0 when accepted) or the Casino cannot place is skipped (ICasino.BetSkipped)
    ///         and paid SKIPPED_PAYOUT | its reason; the others settle.
    function playFor(SignedBet[] calldata bets, bytes32[] calldata seeds, bytes4[] calldata refusals)
        external
        returns (uint256[] memory payouts);

    /// @notice Places a lane's bet, to be settled later (an interactive game, or a bet sent without
    ///         its seed); `deadline` is the signed bet's (the windows of docs/decisions.md §9).
    function placeFor(BetInput calldata bet, uint256 deadline) external returns (uint256 betId);

    /// @notice The second stake of a lane's blackjack split, from the lane's funds.
    function addStakeFor(uint256 betId) external;

    /// @notice The house's settler: the one relay of seeds and actions.
    function settler() external view returns (address);

    /// @notice When `account` stopped being the settler (0: never was one, or never replaced).
    function settlerRetiredAt(address account) external view returns (uint256);

    /// @notice A bet as stored (`open` false once resolved or never placed), as CasinoSessions reads
    ///         it for a revoked key's action log.
    function getBet(uint256 betId) external view returns (ICasino.BetView memory);

    /// @notice Settles an open bet with the actions its player signed.
    function settleFor(uint256 betId, bytes32 seed, bytes calldata actions) external;
}
