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

/// @notice House funds of one token, and (DEGEN's only) the last two blocks with jackpot draws
///         whose hash no transaction has recorded, with how many of their draws are open: in the
///         slot every bet's reservation and settlement write, so that keeping them costs a bet
///         one more word of a warm slot (CasinoLedger.noteDraw). `bankroll` includes `reserved`.
struct House {
    uint96 bankroll;
    uint96 reserved;
    /// The latest block with draws (32 bits; 0: none), its open draws unrecorded (16 bits,
    /// saturating: at the maximum it is recorded), its distance to the block before it with
    /// draws (8 bits), and that block's open draws unrecorded (8 bits; 0: none; saturating),
    /// from the high bits down (CasinoLedger.Draws).
    uint64 draws;
}

/// @notice Per player, in four slots laid out so that a DEGEN wallet bet touches two of them (the
///         commitment, and the nonces with the DEGEN balance), all already non-zero once a
///         commitment is posted. This is the player's wallet lane (lane 0); each one-click session
///         has a lane of its own (Lane).
/// @dev    A chain of `chainLength` bets has one link per bet: the j-th bet of the chain (j from 0)
///         is settled with link j + 1. `head` is the link `commit` is (0: the root); a later link
///         hashes down to it once per link between (a bet claimed as expired leaves its link
///         unrevealed).
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

/// @notice A one-click session's lane (docs/decisions.md §4, "lanes"): its hash chain, whose root the
///         player's wallet signed with the session, its nonces and the funds its bets are placed
///         from. A DEGEN bet touches the first two slots. Nothing but the lane's own bets moves
///         what it holds until its session ends: a bet the house accepted always finds its stake.
/// @dev    The bet of lane nonce n is settled with link n + 1; `head` is the link `commit` is.
struct Lane {
    bytes32 commit; // 0: no such lane
    uint32 next;
    uint32 resolved; // nonce of the lane's oldest open bet (= next when none)
    uint32 head;
    uint96 degenFunds;
    uint88 nativeFunds;
}

/// @notice The terms in force before the owner's last change of them, and when it was made: a
///         one-click bet the server accepted under them still lands (docs/decisions.md §9).
struct TermsChange {
    uint64 previous; // packed as Config's terms (CasinoLedger.termsOf)
    uint32 changedAt;
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
    /// What all open blackjack hands reserve (interactiveRiskBps of the bankroll at most).
    mapping(address token => uint256) interactiveReserved;
    /// What all open long shots, mines rounds and manual crash rounds, reserve (half of that at most: Payouts.roomOf).
    mapping(address token => uint256) longShotReserved;
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
    /// Each one-click session's lane, by `player << 32 | lane` (a bet id without its nonce).
    mapping(uint256 laneId => Lane) lanes;
    /// The owner's last change of the terms (HouseAdmin).
    TermsChange termsChange;
    /// The hash of each block with DEGEN bets' jackpot draws, recorded by the first settlement,
    /// claim or lock after it (or the bet two blocks later): a draw never needs its player, or the
    /// house, to act before the EVM forgets it (CasinoLedger.recordDrawBlocks).
    mapping(uint256 blockNumber => bytes32) drawEntropy;
}

/// @notice The Casino's fixed parts that its external libraries need.
struct CasinoEnv {
    address degen;
    IGameRules rules;
    CasinoLimits limits;
}
