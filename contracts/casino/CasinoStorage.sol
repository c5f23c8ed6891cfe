// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IGameRules} from "../interfaces/IGameRules.sol";
import {CasinoLimits} from "../CasinoLimits.sol";

// The Casino's state, in one struct so that the libraries it runs on (contracts/casino/) reach it
// through a storage pointer. Amounts are base units; a bet id is `player << 64 | nonce`.

/// @notice Every setting a bet reads, packed in one slot. The last three are a bet's terms.
struct Config {
    bool paused;
    uint16 riskBps; // largest payout one bet may reserve, in bps of the free bankroll
    uint16 playerRiskBps; // largest sum one player's open bets may reserve, in bps of the bankroll
    uint16 interactiveRiskBps; // largest sum all open interactive bets may reserve, in bps of the bankroll
    uint32 announcementDelay;
    uint24 degenMaxBetUnits; // configured maxBet ceilings, in units of minBet
    uint24 nativeMaxBetUnits;
    uint24 settleWindow;
    uint16 jackpotEdgeBps; // a DEGEN bet's expected jackpot win, in bps of its stake
    uint16 jackpotShareBps; // the share of the pool a hit wins
}

/// @notice House funds of one token. `bankroll` includes `reserved`.
struct House {
    uint128 bankroll;
    uint128 reserved;
}

/// @notice Per player, in four slots laid out so that a DEGEN bet placed and settled at once
///         touches two of them (the commitment, and the nonces with the DEGEN balance), all already
///         non-zero once a commitment is posted.
/// @dev    A chain of `chainLength` bets has two links per bet (docs/protocol.md): the j-th bet
///         of the chain is settled with link 2j + 1, its relay seed, when CasinoSessions placed
///         it, and with link 2j + 2, its wallet seed, when the player's wallet did. The relay
///         seed is the hash of the wallet seed, so a relay seed made public by a relay
///         transaction before its bet landed tells nothing about the wallet seed. `head` is the
///         link `commit` is (0: the root); a later link hashes down to it once per link between.
struct PlayerState {
    bytes32 commit;
    uint32 nextNonce;
    uint32 resolved; // nonce of the oldest open bet (= nextNonce when none)
    uint32 head;
    uint32 chainEnd; // first nonce the current chain cannot settle
    uint96 degenBalance; // free vault balance
    uint24 chainLength;
    bool limited; // the player set limits for themselves (CasinoLimits): bets consult them
    uint88 nativeBalance;
    bool committed; // set with the first commitment: this slot is never empty again, so a reservation never pays for a fresh one
    uint80 degenReserved; // what the player's open bets reserve of the bankroll
    uint80 nativeReserved;
    bytes32 root; // s_0 of the current chain
}

/// @notice The house funds of each token a play or settlement touches, read at its first bet
///         and stored once at its end (reservations and bankroll move only by its own bets).
struct HouseCache {
    House degen;
    House native;
    bool degenRead;
    bool nativeRead;
}

/// @notice An open bet with the terms it was placed under: two storage slots, deleted when resolved.
struct Bet {
    bytes32 clientSeed;
    uint80 stake; // per hand; 0 = no open bet
    uint32 claimableAt; // placement time + the settle window in force then
    uint32 placedBlock;
    uint16 params;
    uint56 jackpotPrize; // the prize a hit wins, in units of JACKPOT_PRIZE_UNIT, fixed at placement (0 for BNB)
    uint8 jackpotEdgeBps; // ≤ MAX_JACKPOT_EDGE_BPS; with the stake and prize it gives the odds
    uint8 gameType;
    bool isNative;
    bool split;
    bool relayed; // placed through CasinoSessions: settled with its relay seed
}

struct PendingWithdrawal {
    uint128 amount;
    uint64 executableAt;
}

/// @notice An announced change of the settler (settler 0: none).
struct PendingSettler {
    address settler;
    uint64 executableAt;
}

/// @notice Everything the Casino stores.
struct CasinoStorage {
    Config config;
    address settler;
    uint256 jackpotPool;
    mapping(address token => House) house;
    /// Everything owed in a token: Σ vaults + Σ open stakes + bankroll (+ jackpot pool for DEGEN).
    mapping(address token => uint256) accounted;
    mapping(address token => PendingWithdrawal) pendingWithdrawal;
    mapping(address player => PlayerState) players;
    mapping(uint256 betId => Bet) bets;
    /// The hash of an open bet's block, recorded by lockJackpotEntropy before the EVM forgets it.
    mapping(uint256 betId => bytes32) lockedEntropy;
    /// What all open interactive bets (blackjack, crash with a manual cash-out) reserve.
    mapping(address token => uint256) interactiveReserved;
    /// Each batch of jackpot tickets not drawn yet, by the batch's hash: the block that issued it,
    /// then, once the next play recorded it, its draw (SessionPlay: the entropy, or VOID_DRAW).
    mapping(bytes32 tickets => uint256 blockOrDraw) ticketBlocks;
    /// The latest batch of tickets, whose draw the next play records.
    bytes32 pendingTickets;
    /// A batch issued in the block of the pending one before it: the batch that was pending then,
    /// so that the next play records the draws of every batch of that block (SessionPlay).
    mapping(bytes32 tickets => bytes32 before) ticketsBefore;
    /// The announced next settler (HouseAdmin).
    PendingSettler pendingSettler;
    /// When each former settler was replaced: CasinoSessions still takes its countersignatures a
    /// while after, for the bets it accepted before it was replaced.
    mapping(address settler => uint256 retiredAt) settlerRetiredAt;
    /// A wallet bet placed while its player's one-click session lived: a one-click bet on its
    /// nonce that comes after is forfeited (SessionPlay._forfeit).
    mapping(uint256 betId => bool) walletBetsInSession;
}

/// @notice The Casino's fixed parts that its external libraries need.
struct CasinoEnv {
    address degen;
    IGameRules rules;
    CasinoLimits limits;
}
