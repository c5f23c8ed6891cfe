// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title ICasino
/// @notice The Casino's events, errors and shared types, declared once: the Casino and the
///         libraries it runs on (contracts/casino/) emit and revert with them. Its functions are
///         what the Casino's relay and swap desk call on the Casino that deployed them.
interface ICasino {
    /// @notice Read-only view of a bet (`open` false once settled or claimed, or never placed).
    struct BetView {
        address player;
        uint64 nonce;
        address token;
        uint256 stake;
        uint256 totalStake;
        uint256 maxPayout;
        uint8 gameType;
        uint256 params;
        bytes32 clientSeed;
        bool split;
        uint256 placedBlock;
        uint256 claimableAt;
        uint256 jackpotOdds;
        uint256 jackpotPrize;
        uint256 jackpotEdgeBps;
        bool open;
    }

    /// @notice A DEGEN bet of playFor waiting for its jackpot draw: its odds and prize, fixed when placed.
    struct JackpotTicket {
        uint256 betId;
        uint256 odds;
        uint256 prize;
    }

    event Deposited(address indexed player, address indexed token, uint256 amount);
    event Withdrawn(address indexed player, address indexed token, uint256 amount);
    event Swapped(address indexed player, address indexed fromToken, uint256 amountIn, uint256 amountOut);
    event CommitmentSet(address indexed player, bytes32 commit, uint256 firstNonce, uint256 length);
    event BetPlaced(
        uint256 indexed betId,
        address indexed player,
        address token,
        uint256 amount,
        uint8 gameType,
        uint256 params,
        uint256 nonce,
        bytes32 clientSeed,
        uint256 terms,
        uint256 jackpotOdds,
        uint256 jackpotPrize
    );
    event StakeAdded(uint256 indexed betId, address indexed player, uint256 amount);
    event BetSettled(uint256 indexed betId, bytes32 seed, bytes32 random);
    /// @notice settleBatch left this bet open and unchanged: `reason` is the selector of the error
    ///         a lone settle of it reverts with (BetNotOpen, EntropyNotReady, OutOfOrder,
    ///         WrongSeed, PayoutMismatch). The settler settles it in a later call.
    event SettlementSkipped(uint256 indexed betId, bytes4 reason);
    /// @notice A one-click bet that `CasinoSessions.play` did not place, and why: `reason` is the
    ///         selector of the error that refused it. Its nonce is left as it was: nothing its
    ///         player does can refuse a bet the house accepted (docs/decisions.md §4, "lanes"),
    ///         so a refusal is the house's doing, and the player may still place the bet with its
    ///         countersignature (CasinoSessions.place).
    event BetSkipped(address indexed player, uint64 nonce, bytes4 reason);
    /// @notice A session's lane opened: its hash chain's root, and what the player's vault put in
    ///         it for the session's bets (the session's budget, per token).
    event LaneOpened(address indexed player, uint256 indexed lane, bytes32 commit, uint256 degen, uint256 native);
    /// @notice What a lane held went back to its player's vault (the session ended).
    event LaneClosed(address indexed player, uint256 indexed lane, uint256 degen, uint256 native);
    event GamePlayed(address indexed player, uint256 betAmount, uint256 payout, bool won, uint8 gameType);
    event JackpotDrawn(uint256 indexed betId, bytes32 entropy, uint256 prize, bool hit);
    event JackpotWon(address indexed player, uint256 amount);
    event JackpotEntropyLocked(uint256 indexed betId, bytes32 entropy);
    /// @notice The hash of a block with DEGEN bets' jackpot draws, recorded for them (CasinoLedger.recordDrawBlocks).
    event DrawBlockRecorded(uint256 indexed blockNumber, bytes32 entropy);
    event JackpotTicketsIssued(bytes32 indexed tickets, uint256 count);
    event JackpotTicketsDrawn(bytes32 indexed tickets, bytes32 entropy);
    event ExpiredBetClaimed(uint256 indexed betId, address indexed player, uint256 payout);
    event BankrollFunded(address indexed funder, address indexed token, uint256 amount);
    event JackpotFunded(address indexed funder, uint256 amount);
    event BankrollWithdrawalAnnounced(address indexed token, uint256 amount, uint256 executableAt);
    event BankrollWithdrawalCancelled(address indexed token);
    event BankrollWithdrawalExecuted(address indexed token, uint256 amount, address indexed to);
    event Swept(address indexed token, address indexed to, uint256 amount);
    event SettlerChangeAnnounced(address indexed settler, uint256 executableAt);
    event SettlerChangeCancelled(address indexed settler);
    event SettlerChanged(address indexed previous, address indexed current);
    event Paused(address account);
    event Unpaused(address account);
    event MaxBetLimitChanged(address indexed token, uint256 amount);
    event RiskChanged(uint256 bps);
    event PlayerRiskChanged(uint256 bps);
    event InteractiveRiskChanged(uint256 bps);
    event CommitmentAbandoned(address indexed player);
    event SettleWindowChanged(uint256 seconds_);
    event AnnouncementDelayChanged(uint256 seconds_);
    event JackpotTermsChanged(uint256 edgeBps, uint256 shareBps);

    /// @notice The caller is not the settler.
    error NotSettler();
    /// @notice Only the DEGEN token books its tax's jackpot share.
    error NotDegen();
    /// @notice Only the Casino's relay acts on a player's signed withdrawal.
    error NotRelay();
    /// @notice Only the Casino's sessions place bets a session key signed.
    error NotSessions();
    /// @notice Only the Casino's limits mark a player as limited.
    error NotLimits();
    /// @notice A signed bet names another nonce than the player's next: bets are taken in order, once each.
    error WrongNonce(uint256 expected);
    /// @notice A game that waits on the player's decisions cannot be settled in the transaction that places it.
    error InteractiveBet(uint8 gameType, uint256 params);
    /// @notice The settler named a payout other than the one the rules give.
    error PayoutMismatch(uint256 betId, uint256 payout, uint256 expected);
    /// @notice A blackjack log splits a hand whose second stake was never added.
    error SplitNotStaked(uint256 betId);
    /// @notice No jackpot tickets wait under this hash (never issued, or drawn already).
    error UnknownTickets(bytes32 tickets);
    /// @notice Only the Casino's swap desk exchanges vault balances.
    error NotSwapDesk();
    /// @notice Only the bet's player may do this.
    error NotBetPlayer();
    /// @notice New bets are paused.
    error IsPaused();
    /// @notice New bets are not paused.
    error NotPaused();
    /// @notice An address may not be zero.
    error ZeroAddress();
    /// @notice An amount may not be zero.
    error ZeroAmount();
    /// @notice The Casino takes only DEGEN and BNB (address(0)).
    error UnsupportedToken(address token);
    /// @notice The stake is below the token's minimum bet.
    error BetTooSmall(uint256 amount, uint256 minBet);
    /// @notice The stake is above maxBet now (the configured limit, the bankroll's and the player's room).
    error BetTooLarge(uint256 amount, uint256 maxBet);
    /// @notice The terms changed since the player read them: the bet is refused, never changed.
    error TermsChanged(uint256 terms);
    /// @notice The BNB sent does not match the amount.
    error ValueMismatch(uint256 value, uint256 amount);
    /// @notice The vault balance does not cover the amount.
    error InsufficientBalance(uint256 available, uint256 needed);
    /// @notice The free bankroll does not cover the amount.
    error InsufficientBankroll(uint256 free, uint256 needed);
    /// @notice The player's, or all interactive bets', open reservations would pass their cap.
    error ExposureTooHigh(uint256 room, uint256 needed);
    /// @notice The player has no hash-chain commitment yet.
    error NoCommitment();
    /// @notice The commitment the player saw is neither the current one nor its chain's root.
    error StaleCommitment(bytes32 current);
    /// @notice The player's chain has no link left for another bet.
    error ChainExhausted();
    /// @notice The player has an open bet that must resolve first.
    error OpenBetExists();
    /// @notice A chain with links left cannot be replaced.
    error ChainNotExhausted(uint256 remaining);
    /// @notice A commitment and its length may not be zero.
    error InvalidCommitment();
    /// @notice The bet is not open: resolved, or never placed.
    error BetNotOpen(uint256 betId);
    /// @notice The hash of the bet's block does not exist yet: resolve it in a later block.
    error EntropyNotReady(uint256 betId);
    /// @notice A player's bets resolve in nonce order.
    error OutOfOrder(uint256 betId, uint256 expectedNonce);
    /// @notice The seed does not hash to the player's commitment.
    error WrongSeed(uint256 betId);
    /// @notice A payout may never exceed what the bet reserved.
    error PayoutAboveReservation(uint256 payout, uint256 maxPayout);
    /// @notice The arrays differ in length.
    error LengthMismatch();
    /// @notice Only a blackjack hand takes a second stake.
    error NotBlackjack();
    /// @notice The hand is split already.
    error AlreadySplit();
    /// @notice The bet's claim time has passed.
    error BetExpired();
    /// @notice The bet cannot be claimed before its claim time.
    error NotExpired(uint256 claimableAt);
    /// @notice Nothing is announced.
    error NothingPending();
    /// @notice The announcement's delay has not passed.
    error NotReady(uint256 executableAt);
    /// @notice The announcement lapsed unexecuted.
    error AnnouncementLapsed(uint256 lapsedAt);
    /// @notice The contract holds nothing beyond what it owes.
    error NothingToSweep();
    /// @notice A setting outside its fixed bounds.
    error OutOfBounds(uint256 value, uint256 min, uint256 max);
    /// @notice A BNB transfer failed.
    error TransferFailed();
    /// @notice The token does not name this Casino as its casino.
    error TokenNotBoundToCasino();
    /// @notice The sessions contract does not name this Casino as its casino, or another DEGEN token.
    error SessionsNotBoundToCasino();

    /// @notice The Casino's owner (two-step transfer), who alone sets the swap desk's rate and caps.
    function owner() external view returns (address);

    /// @notice The relay the Casino deployed: the only caller of withdrawFor and of the swap desk's swapFor.
    function relay() external view returns (address);

    /// @notice The swap desk the Casino deployed: the only caller of exchange.
    function swapDesk() external view returns (address);

    /// @notice Seconds between announcing and executing a bankroll withdrawal, a settler change
    ///         or a swap rate.
    function announcementDelay() external view returns (uint256);

    /// @notice A token's bankroll and the part of it that open bets reserve.
    /// @param token DEGEN or address(0)
    function house(address token) external view returns (uint256 bankroll, uint256 reserved);

    /// @notice Relay of a withdrawal the player signed (see CasinoRelay): sends the player's free
    ///         vault balance to that same player, never anywhere else (relay only).
    /// @param player the owner of the vault balance, and the receiver
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function withdrawFor(address player, address token, uint256 amount) external;

    /// @notice Exchanges a player's vault balance of one token for the other against the bankroll,
    ///         at the amounts the swap desk priced and capped (swap desk only).
    /// @param player whose vault balance is swapped
    /// @param fromToken the token given (the other one is received)
    /// @param amountIn base units of `fromToken`, from the player's vault into the bankroll
    /// @param amountOut base units of the other token, from the free bankroll into the player's vault
    function exchange(address player, address fromToken, uint256 amountIn, uint256 amountOut) external;
}
