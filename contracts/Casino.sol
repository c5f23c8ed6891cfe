// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {FairRandom} from "./FairRandom.sol";
import {IJackpotSink} from "./interfaces/IJackpotSink.sol";
import {IDegenToken} from "./interfaces/IDegenToken.sol";

/// @title Casino
/// @notice Vault, house bankroll, escrowed bets settled by commit-reveal hash chains, and the
///         DEGEN jackpot. Native BNB is token address(0); the only ERC-20 is DEGEN.
/// @dev For each token the contract always holds at least Σ vault balances + Σ open stakes +
///      bankroll (+ jackpot pool for DEGEN), and bankroll ≥ reserved (sum of open bets' maximum
///      payouts). A bet id is `player << 64 | nonce`, so a bet needs no player field in storage.
contract Casino is Ownable2Step, ReentrancyGuardTransient, IJackpotSink {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    uint8 public constant WHEEL = 0;
    uint8 public constant SLOTS = 1;
    uint8 public constant BLACKJACK = 2;
    uint8 public constant KICKBOXING = 3;
    uint8 public constant CRASH = 4;
    uint8 public constant GAME_COUNT = 5;

    address public constant NATIVE = address(0);
    uint256 public constant MIN_BET_DEGEN = 1 ether;
    uint256 public constant MIN_BET_NATIVE = 0.001 ether;
    /// @notice 1 DEGEN = 0.0001 BNB (SPEC §9).
    uint256 public constant DEGEN_PER_NATIVE = 10_000;

    uint256 private constant BPS = 10_000;
    uint256 public constant MIN_MULTIPLIER_BPS = 10_000;
    uint256 public constant MAX_MULTIPLIER_BPS = 10_000_000;
    uint256 public constant MIN_RTP_BPS = 9_000;
    uint256 public constant MAX_RTP_BPS = 10_500;
    uint256 public constant MAX_RISK_BPS = 2_000;
    uint256 public constant MIN_SETTLE_WINDOW = 10 minutes;
    uint256 public constant MAX_SETTLE_WINDOW = 1 days;
    uint256 public constant MIN_WITHDRAWAL_DELAY = 1 hours;
    uint256 public constant MAX_WITHDRAWAL_DELAY = 30 days;
    uint256 public constant MAX_JACKPOT_CHANCE_BPS = 1_000;
    uint256 public constant MAX_JACKPOT_PAYOUT_BPS = 5_000;
    uint256 public constant MAX_WHEEL_COLOURS = 9;
    uint256 public constant WHEEL_COLOURS = 10;
    uint256 public constant MIN_CRASH_TARGET = 101;
    uint256 public constant MAX_CRASH_TARGET = 10_000;
    uint256 public constant MAX_BET_UNITS = type(uint24).max;

    /// @notice Every setting a bet reads, packed in one slot.
    struct Config {
        bool paused;
        uint16 riskBps; // largest payout one bet may reserve, in bps of the free bankroll
        uint32 settleWindow;
        uint32 withdrawalDelay;
        uint120 maxMultipliers; // per game, 24 bits each, in bps
        uint24 degenMaxBetUnits; // configured maxBet ceilings, in units of minBet
        uint24 nativeMaxBetUnits;
    }

    /// @notice House funds of one token. `bankroll` includes `reserved`.
    struct House {
        uint128 bankroll;
        uint128 reserved;
    }

    struct Jackpot {
        uint128 pool;
        uint16 chanceBps;
        uint16 payoutBps;
    }

    /// @notice Per player, in four slots laid out so that a bet touches two of them and a
    ///         settlement three, all already non-zero once a commitment is posted. `head` is the
    ///         nonce whose seed hashes directly to `commit`: a bet claimed as expired leaves its
    ///         seed unrevealed, so the next settlement hashes once more.
    struct PlayerState {
        bytes32 commit;
        uint96 degenBalance; // free vault balances
        uint96 nativeBalance;
        uint32 nextNonce;
        uint32 chainEnd; // first nonce the current chain cannot settle
        uint32 resolved; // nonce of the oldest open bet
        uint32 head;
        uint32 chainLength;
        bytes32 root; // s_0 of the current chain
    }

    /// @notice An open bet: two storage slots, deleted when resolved.
    struct Bet {
        bytes32 clientSeed;
        uint96 stake; // per hand; 0 = no open bet
        uint32 maxMultiplierBps;
        uint40 placedAt;
        uint8 gameType;
        bool isNative;
        bool split;
    }

    struct PendingWithdrawal {
        uint128 amount;
        uint64 executableAt;
    }

    /// @notice Read-only view of an open bet.
    struct BetView {
        address player;
        uint64 nonce;
        address token;
        uint256 stake;
        uint256 totalStake;
        uint256 maxPayout;
        uint8 gameType;
        bool split;
        uint256 placedAt;
        bool open;
    }

    IERC20 public immutable degen;

    Config private _config;
    address private _settler;
    Jackpot private _jackpot;
    mapping(address token => House) private _house;
    mapping(address token => uint256) private _rtpBps;
    mapping(address token => PendingWithdrawal) private _pendingWithdrawal;
    mapping(address player => PlayerState) private _players;
    mapping(uint256 betId => Bet) private _bets;

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
        bytes32 clientSeed
    );
    event StakeAdded(uint256 indexed betId, address indexed player, uint256 amount);
    event BetSettled(uint256 indexed betId, bytes32 seed, bytes32 random);
    event GamePlayed(address indexed player, uint256 betAmount, uint256 payout, bool won, uint8 gameType);
    event JackpotWon(address indexed player, uint256 amount);
    event ExpiredBetClaimed(uint256 indexed betId, address indexed player, uint256 payout);
    event BankrollFunded(address indexed funder, address indexed token, uint256 amount);
    event JackpotFunded(address indexed funder, uint256 amount);
    event BankrollWithdrawalAnnounced(address indexed token, uint256 amount, uint256 executableAt);
    event BankrollWithdrawalCancelled(address indexed token);
    event BankrollWithdrawalExecuted(address indexed token, uint256 amount, address indexed to);
    event SettlerChanged(address indexed previous, address indexed current);
    event Paused(address account);
    event Unpaused(address account);
    event MaxMultiplierChanged(uint8 indexed gameType, uint256 bps);
    event RtpChanged(address indexed token, uint256 bps);
    event MaxBetLimitChanged(address indexed token, uint256 amount);
    event RiskChanged(uint256 bps);
    event SettleWindowChanged(uint256 seconds_);
    event WithdrawalDelayChanged(uint256 seconds_);
    event JackpotParamsChanged(uint256 chanceBps, uint256 payoutBps);

    error NotSettler();
    error NotDegen();
    error NotBetPlayer();
    error IsPaused();
    error NotPaused();
    error ZeroAddress();
    error ZeroAmount();
    error UnsupportedToken(address token);
    error InvalidGameType(uint8 gameType);
    error InvalidParams(uint8 gameType, uint256 params);
    error BetTooSmall(uint256 amount, uint256 minBet);
    error BetTooLarge(uint256 amount, uint256 maxBet);
    error ValueMismatch(uint256 value, uint256 amount);
    error InsufficientBalance(uint256 available, uint256 needed);
    error InsufficientBankroll(uint256 free, uint256 needed);
    error NoCommitment();
    error StaleCommitment(bytes32 current);
    error ChainExhausted();
    error OpenBetExists();
    error InvalidCommitment();
    error BetNotOpen(uint256 betId);
    error OutOfOrder(uint256 betId, uint256 expectedNonce);
    error WrongSeed(uint256 betId);
    error PayoutAboveReservation(uint256 payout, uint256 maxPayout);
    error LengthMismatch();
    error NotBlackjack();
    error AlreadySplit();
    error BetExpired();
    error NotExpired(uint256 claimableAt);
    error NoPendingWithdrawal();
    error WithdrawalNotReady(uint256 executableAt);
    error OutOfBounds(uint256 value, uint256 min, uint256 max);
    error TransferFailed();
    error TokenNotBoundToCasino();

    modifier onlySettler() {
        if (msg.sender != _settler) revert NotSettler();
        _;
    }

    modifier supportedToken(address token) {
        if (token != NATIVE && token != address(degen)) revert UnsupportedToken(token);
        _;
    }

    /// @param degen_ the DEGEN token
    /// @param settler_ the server's settlement key
    constructor(IERC20 degen_, address settler_) Ownable(msg.sender) {
        if (address(degen_) == address(0) || settler_ == address(0)) revert ZeroAddress();
        if (IDegenToken(address(degen_)).casino() != address(this)) revert TokenNotBoundToCasino();
        degen = degen_;
        _settler = settler_;
        uint120 multipliers;
        uint24[5] memory defaults = [uint24(102_000), 7_650_000, 25_000, 40_000, 1_000_000];
        for (uint8 game; game < GAME_COUNT; ++game) {
            multipliers |= uint120(defaults[game]) << (24 * game);
        }
        _config = Config({
            paused: false,
            riskBps: 500,
            settleWindow: 1 hours,
            withdrawalDelay: 24 hours,
            maxMultipliers: multipliers,
            degenMaxBetUnits: 1_000_000, // 1,000,000 DEGEN
            nativeMaxBetUnits: 100_000 // 100 BNB
        });
        _jackpot = Jackpot({pool: 0, chanceBps: 100, payoutBps: 500});
        _rtpBps[address(degen_)] = 10_200;
        _rtpBps[NATIVE] = 9_800;
        emit SettlerChanged(address(0), settler_);
    }

    // ───────────────────────────── vault ─────────────────────────────

    /// @notice Moves tokens from the caller's wallet into the caller's vault balance
    ///         (DEGEN by allowance, BNB as msg.value equal to `amount`).
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function deposit(address token, uint256 amount) external payable nonReentrant supportedToken(token) {
        if (amount == 0) revert ZeroAmount();
        _collect(token, amount);
        _credit(msg.sender, token, amount);
        emit Deposited(msg.sender, token, amount);
    }

    /// @notice Sends part of the caller's free vault balance to the caller. Open while paused.
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function withdraw(address token, uint256 amount) external nonReentrant supportedToken(token) {
        _withdraw(msg.sender, token, amount);
    }

    /// @notice Settler relay of SPEC's /api/withdraw: sends a player's free vault balance to that
    ///         same player, never anywhere else.
    /// @param player the owner of the vault balance, and the receiver
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function withdrawFor(address player, address token, uint256 amount)
        external
        nonReentrant
        onlySettler
        supportedToken(token)
    {
        _withdraw(player, token, amount);
    }

    /// @notice Swaps part of the caller's vault balance at 1 DEGEN = 0.0001 BNB against the bankroll.
    /// @param fromToken the token given (the other one is received)
    /// @param amount base units of `fromToken`
    /// @return amountOut base units of the other token credited to the vault
    function swap(address fromToken, uint256 amount) external nonReentrant supportedToken(fromToken) returns (uint256 amountOut) {
        return _swap(msg.sender, fromToken, amount);
    }

    /// @notice Settler relay of SPEC's /api/swap, for the player's own vault balance only.
    /// @param player whose vault balance is swapped
    /// @param fromToken the token given (the other one is received)
    /// @param amount base units of `fromToken`
    /// @return amountOut base units of the other token credited to the player's vault
    function swapFor(address player, address fromToken, uint256 amount)
        external
        nonReentrant
        onlySettler
        supportedToken(fromToken)
        returns (uint256 amountOut)
    {
        return _swap(player, fromToken, amount);
    }

    /// @notice A player's free vault balance of a token.
    function getBalance(address player, address token) external view returns (uint256) {
        return _balanceOf(player, token);
    }

    // ───────────────────────────── bets ─────────────────────────────

    /// @notice Places a bet: escrows the stake and reserves the game's maximum payout from the bankroll.
    /// @dev BNB comes from msg.value when it is non-zero (it must equal `amount`), else from the
    ///      vault; DEGEN comes from the vault when it covers the stake, else by allowance.
    /// @param token DEGEN or address(0)
    /// @param amount the stake in base units
    /// @param gameType 0 WHEEL, 1 SLOTS, 2 BLACKJACK, 3 KICKBOXING, 4 CRASH
    /// @param params the game's parameters (notes/interop.md)
    /// @param clientSeed the player's contribution to the random word
    /// @param expectedCommit the commitment the player saw: the current one or the chain's root
    /// @return betId `player << 64 | nonce`
    function playGame(
        address token,
        uint256 amount,
        uint8 gameType,
        uint256 params,
        bytes32 clientSeed,
        bytes32 expectedCommit
    ) external payable nonReentrant supportedToken(token) returns (uint256 betId) {
        uint256 multiplier = _reserveFor(token, amount, gameType, params);
        uint32 nonce = _useNonce(expectedCommit);
        betId = (uint256(uint160(msg.sender)) << 64) | nonce;
        _bets[betId] = Bet({
            clientSeed: clientSeed,
            stake: uint96(amount), // ≤ maxBet ≤ MAX_BET_UNITS × 1 DEGEN < type(uint96).max
            maxMultiplierBps: uint32(multiplier),
            placedAt: uint40(block.timestamp),
            gameType: gameType,
            isNative: token == NATIVE,
            split: false
        });
        _takeStake(token, amount);
        emit BetPlaced(betId, msg.sender, token, amount, gameType, params, nonce, clientSeed);
    }

    /// @notice The second stake of a blackjack split, equal to the first, paid by the bet's player
    ///         (vault, allowance or msg.value as in playGame) while the bet is open and unexpired.
    /// @param betId the open blackjack bet
    function addStake(uint256 betId) external payable nonReentrant {
        Bet storage bet = _bets[betId];
        uint256 stake = bet.stake;
        if (stake == 0) revert BetNotOpen(betId);
        if (msg.sender != _playerOf(betId)) revert NotBetPlayer();
        if (bet.gameType != BLACKJACK) revert NotBlackjack();
        if (bet.split) revert AlreadySplit();
        if (block.timestamp >= uint256(bet.placedAt) + _config.settleWindow) revert BetExpired();
        address token = bet.isNative ? NATIVE : address(degen);
        uint256 multiplier = bet.maxMultiplierBps;
        uint256 extra = (2 * stake * multiplier) / BPS - (stake * multiplier) / BPS;
        House storage funds = _house[token];
        uint256 free = uint256(funds.bankroll) - funds.reserved;
        if (extra > free) revert InsufficientBankroll(free, extra);
        bet.split = true;
        funds.reserved += uint128(extra);
        _takeStake(token, stake);
        emit StakeAdded(betId, msg.sender, stake);
    }

    /// @notice Posts a player's hash-chain commitment s_0 of `length` links (settler only). The
    ///         player's next bet is settled with s_1, and so on. Refused while a bet is open.
    /// @param player the player
    /// @param commit s_0
    /// @param length how many bets the chain can settle
    function setCommitment(address player, bytes32 commit, uint256 length) external onlySettler {
        if (player == address(0)) revert ZeroAddress();
        if (commit == bytes32(0) || length == 0) revert InvalidCommitment();
        PlayerState storage state = _players[player];
        uint32 next = state.nextNonce;
        if (state.resolved != next) revert OpenBetExists();
        state.commit = commit;
        state.root = commit;
        state.head = next;
        state.chainLength = length.toUint32();
        state.chainEnd = (uint256(next) + length).toUint32();
        emit CommitmentSet(player, commit, next, length);
    }

    /// @notice Settles one bet with its revealed seed and payout (settler only).
    /// @param betId the bet, which must be its player's oldest open bet
    /// @param seed the chain link whose hash is the current commitment
    /// @param payout the engine's payout, at most the reserved maximum
    function settle(uint256 betId, bytes32 seed, uint256 payout) external nonReentrant onlySettler {
        _settle(betId, seed, payout);
    }

    /// @notice Settles several bets in order (settler only); all or none.
    /// @param betIds the bets
    /// @param seeds their seeds
    /// @param payouts their payouts
    function settleBatch(uint256[] calldata betIds, bytes32[] calldata seeds, uint256[] calldata payouts)
        external
        nonReentrant
        onlySettler
    {
        uint256 count = betIds.length;
        if (seeds.length != count || payouts.length != count) revert LengthMismatch();
        for (uint256 i; i < count; ++i) {
            _settle(betIds[i], seeds[i], payouts[i]);
        }
    }

    /// @notice After `settleWindow` without settlement, the bet's player takes the reserved
    ///         maximum payout into the vault. Bets resolve in nonce order.
    /// @param betId the player's oldest open bet
    function claimExpired(uint256 betId) external nonReentrant {
        Bet memory bet = _bets[betId];
        if (bet.stake == 0) revert BetNotOpen(betId);
        address player = _playerOf(betId);
        if (msg.sender != player) revert NotBetPlayer();
        uint256 claimableAt = uint256(bet.placedAt) + _config.settleWindow;
        if (block.timestamp < claimableAt) revert NotExpired(claimableAt);
        PlayerState storage state = _players[player];
        uint32 nonce = uint32(betId);
        if (nonce != state.resolved) revert OutOfOrder(betId, state.resolved);
        state.resolved = nonce + 1;
        delete _bets[betId];

        (uint256 totalStake, uint256 maxPayout, address token) = _amountsOf(bet);
        _resolveHouse(token, totalStake, maxPayout, maxPayout);
        _credit(player, token, maxPayout);
        emit ExpiredBetClaimed(betId, player, maxPayout);
        emit GamePlayed(player, totalStake, maxPayout, maxPayout > totalStake, bet.gameType);
    }

    // ───────────────────────────── house ─────────────────────────────

    /// @notice Adds to the house bankroll of a token; anyone may fund.
    /// @param token DEGEN or address(0)
    /// @param amount base units (BNB: equal to msg.value)
    function fundBankroll(address token, uint256 amount) external payable nonReentrant supportedToken(token) {
        if (amount == 0) revert ZeroAmount();
        _collect(token, amount);
        House storage funds = _house[token];
        funds.bankroll = (uint256(funds.bankroll) + amount).toUint128();
        emit BankrollFunded(msg.sender, token, amount);
    }

    /// @notice Adds DEGEN to the jackpot pool; anyone may fund. The pool can never be withdrawn.
    /// @param amount base units of DEGEN
    function fundJackpot(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        degen.safeTransferFrom(msg.sender, address(this), amount);
        _jackpot.pool = (uint256(_jackpot.pool) + amount).toUint128();
        emit JackpotFunded(msg.sender, amount);
    }

    /// @notice Books the jackpot share of DEGEN's trade tax, already transferred here by the token.
    /// @param amount base units of DEGEN
    function creditJackpotFromTax(uint256 amount) external override {
        if (msg.sender != address(degen)) revert NotDegen();
        _jackpot.pool = (uint256(_jackpot.pool) + amount).toUint128();
        emit JackpotFunded(msg.sender, amount);
    }

    /// @notice Announces a bankroll withdrawal, executable after `withdrawalDelay` (owner only).
    ///         Replaces any pending announcement for the token.
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function announceBankrollWithdrawal(address token, uint256 amount) external onlyOwner supportedToken(token) {
        if (amount == 0) revert ZeroAmount();
        uint256 executableAt = block.timestamp + _config.withdrawalDelay;
        _pendingWithdrawal[token] = PendingWithdrawal({amount: amount.toUint128(), executableAt: uint64(executableAt)});
        emit BankrollWithdrawalAnnounced(token, amount, executableAt);
    }

    /// @notice Cancels the pending bankroll withdrawal of a token (owner only).
    /// @param token DEGEN or address(0)
    function cancelBankrollWithdrawal(address token) external onlyOwner {
        if (_pendingWithdrawal[token].amount == 0) revert NoPendingWithdrawal();
        delete _pendingWithdrawal[token];
        emit BankrollWithdrawalCancelled(token);
    }

    /// @notice Sends an announced amount of the free bankroll (never reserved funds, player
    ///         balances or the jackpot) to the owner once the delay has passed (owner only).
    /// @param token DEGEN or address(0)
    function executeBankrollWithdrawal(address token) external nonReentrant onlyOwner {
        PendingWithdrawal memory pending = _pendingWithdrawal[token];
        if (pending.amount == 0) revert NoPendingWithdrawal();
        if (block.timestamp < pending.executableAt) revert WithdrawalNotReady(pending.executableAt);
        House storage funds = _house[token];
        uint256 free = uint256(funds.bankroll) - funds.reserved;
        if (pending.amount > free) revert InsufficientBankroll(free, pending.amount);
        delete _pendingWithdrawal[token];
        funds.bankroll -= pending.amount;
        address to = owner();
        _send(token, to, pending.amount);
        emit BankrollWithdrawalExecuted(token, pending.amount, to);
    }

    // ───────────────────────────── owner settings ─────────────────────────────

    /// @notice Replaces the settler (owner only).
    /// @param settler_ the new settlement key
    function setSettler(address settler_) external onlyOwner {
        if (settler_ == address(0)) revert ZeroAddress();
        emit SettlerChanged(_settler, settler_);
        _settler = settler_;
    }

    /// @notice Stops new bets (owner only). Settlement, claims, withdrawals and swaps go on.
    function pause() external onlyOwner {
        if (_config.paused) revert IsPaused();
        _config.paused = true;
        emit Paused(msg.sender);
    }

    /// @notice Resumes new bets (owner only).
    function unpause() external onlyOwner {
        if (!_config.paused) revert NotPaused();
        _config.paused = false;
        emit Unpaused(msg.sender);
    }

    /// @notice Sets a game's maximum payout multiplier, the settlement bound (owner only). Open
    ///         bets keep the value they were placed with.
    /// @param gameType the game
    /// @param bps multiplier in basis points, within [MIN_MULTIPLIER_BPS, MAX_MULTIPLIER_BPS]
    function setMaxMultiplier(uint8 gameType, uint256 bps) external onlyOwner {
        if (gameType >= GAME_COUNT) revert InvalidGameType(gameType);
        _checkBounds(bps, MIN_MULTIPLIER_BPS, MAX_MULTIPLIER_BPS);
        uint256 shift = 24 * uint256(gameType);
        uint256 cleared = uint256(_config.maxMultipliers) & ~(uint256(type(uint24).max) << shift);
        _config.maxMultipliers = uint120(cleared | (bps << shift));
        emit MaxMultiplierChanged(gameType, bps);
    }

    /// @notice Sets a token's RTP multiplier published to the engine (owner only).
    /// @param token DEGEN or address(0)
    /// @param bps within [MIN_RTP_BPS, MAX_RTP_BPS]
    function setRtp(address token, uint256 bps) external onlyOwner supportedToken(token) {
        _checkBounds(bps, MIN_RTP_BPS, MAX_RTP_BPS);
        _rtpBps[token] = bps;
        emit RtpChanged(token, bps);
    }

    /// @notice Sets the configured ceiling of `maxBet` for a token (owner only), rounded down to
    ///         a whole number of minimum bets.
    /// @param token DEGEN or address(0)
    /// @param amount within [minBet(token), minBet(token) × MAX_BET_UNITS]
    function setMaxBetLimit(address token, uint256 amount) external onlyOwner supportedToken(token) {
        uint256 unit = minBet(token);
        _checkBounds(amount, unit, unit * MAX_BET_UNITS);
        uint24 units = uint24(amount / unit);
        if (token == NATIVE) _config.nativeMaxBetUnits = units;
        else _config.degenMaxBetUnits = units;
        emit MaxBetLimitChanged(token, units * unit);
    }

    /// @notice Sets the largest payout one bet may reserve, in bps of the free bankroll (owner only).
    /// @param bps within [1, MAX_RISK_BPS]
    function setRiskBps(uint256 bps) external onlyOwner {
        _checkBounds(bps, 1, MAX_RISK_BPS);
        _config.riskBps = uint16(bps);
        emit RiskChanged(bps);
    }

    /// @notice Sets how long the settler has before a bet can be claimed as expired (owner only).
    /// @param seconds_ within [MIN_SETTLE_WINDOW, MAX_SETTLE_WINDOW]
    function setSettleWindow(uint256 seconds_) external onlyOwner {
        _checkBounds(seconds_, MIN_SETTLE_WINDOW, MAX_SETTLE_WINDOW);
        _config.settleWindow = uint32(seconds_);
        emit SettleWindowChanged(seconds_);
    }

    /// @notice Sets the delay between announcing and executing a bankroll withdrawal (owner only).
    ///         Applies to announcements made afterwards.
    /// @param seconds_ within [MIN_WITHDRAWAL_DELAY, MAX_WITHDRAWAL_DELAY]
    function setWithdrawalDelay(uint256 seconds_) external onlyOwner {
        _checkBounds(seconds_, MIN_WITHDRAWAL_DELAY, MAX_WITHDRAWAL_DELAY);
        _config.withdrawalDelay = uint32(seconds_);
        emit WithdrawalDelayChanged(seconds_);
    }

    /// @notice Sets the jackpot trigger chance and the share of the pool paid (owner only).
    /// @param chanceBps within [0, MAX_JACKPOT_CHANCE_BPS]
    /// @param payoutBps within [1, MAX_JACKPOT_PAYOUT_BPS]
    function setJackpotParams(uint256 chanceBps, uint256 payoutBps) external onlyOwner {
        _checkBounds(chanceBps, 0, MAX_JACKPOT_CHANCE_BPS);
        _checkBounds(payoutBps, 1, MAX_JACKPOT_PAYOUT_BPS);
        _jackpot.chanceBps = uint16(chanceBps);
        _jackpot.payoutBps = uint16(payoutBps);
        emit JackpotParamsChanged(chanceBps, payoutBps);
    }

    // ───────────────────────────── views ─────────────────────────────

    /// @notice The smallest stake: 1 DEGEN or 0.001 BNB.
    function minBet(address token) public view supportedToken(token) returns (uint256) {
        return token == NATIVE ? MIN_BET_NATIVE : MIN_BET_DEGEN;
    }

    /// @notice The largest stake now: min(configured limit, free bankroll × riskBps / game multiplier).
    function maxBet(address token, uint8 gameType) external view supportedToken(token) returns (uint256) {
        if (gameType >= GAME_COUNT) revert InvalidGameType(gameType);
        House memory funds = _house[token];
        Config memory cfg = _config;
        return _maxBetFor(token, funds.bankroll - funds.reserved, _multiplierOf(cfg, gameType), cfg);
    }

    /// @notice The DEGEN jackpot pool.
    function jackpotPool() external view returns (uint256) {
        return _jackpot.pool;
    }

    /// @notice Jackpot trigger chance and payout share, in basis points.
    function jackpotParams() external view returns (uint256 chanceBps, uint256 payoutBps) {
        return (_jackpot.chanceBps, _jackpot.payoutBps);
    }

    /// @notice A token's bankroll (including reserved) and reserved amount.
    function house(address token) external view returns (uint256 bankroll, uint256 reserved) {
        House memory h = _house[token];
        return (h.bankroll, h.reserved);
    }

    /// @notice A game's maximum payout multiplier in basis points.
    function maxMultiplierBps(uint8 gameType) external view returns (uint256) {
        if (gameType >= GAME_COUNT) revert InvalidGameType(gameType);
        return _multiplierOf(_config, gameType);
    }

    /// @notice A token's RTP multiplier in basis points (DEGEN 10200, BNB 9800 by default).
    function rtpBps(address token) external view supportedToken(token) returns (uint256) {
        return _rtpBps[token];
    }

    /// @notice The configured ceiling of `maxBet` for a token.
    function maxBetLimit(address token) external view supportedToken(token) returns (uint256) {
        return _maxBetLimitOf(token, _config);
    }

    /// @notice The largest payout one bet may reserve, in bps of the free bankroll.
    function riskBps() external view returns (uint256) {
        return _config.riskBps;
    }

    /// @notice Seconds after placement from which an unsettled bet can be claimed.
    function settleWindow() external view returns (uint256) {
        return _config.settleWindow;
    }

    /// @notice Seconds between announcing and executing a bankroll withdrawal.
    function withdrawalDelay() external view returns (uint256) {
        return _config.withdrawalDelay;
    }

    /// @notice The settler address.
    function settler() external view returns (address) {
        return _settler;
    }

    /// @notice Whether new bets are stopped.
    function paused() external view returns (bool) {
        return _config.paused;
    }

    /// @notice The pending bankroll withdrawal of a token.
    function pendingWithdrawal(address token) external view returns (uint256 amount, uint256 executableAt) {
        PendingWithdrawal memory p = _pendingWithdrawal[token];
        return (p.amount, p.executableAt);
    }

    /// @notice A player's commitment state.
    /// @return commit the current commitment (the last revealed seed, or s_0)
    /// @return nextNonce the nonce of the player's next bet
    /// @return remaining how many more bets the chain can take
    /// @return root s_0 of the current chain
    /// @return nextToResolve the nonce of the player's oldest open bet (= nextNonce when none)
    /// @return chainLength the number of links of the current chain
    function commitmentOf(address player)
        external
        view
        returns (bytes32 commit, uint256 nextNonce, uint256 remaining, bytes32 root, uint256 nextToResolve, uint256 chainLength)
    {
        PlayerState storage state = _players[player];
        nextNonce = state.nextNonce;
        remaining = state.chainEnd > nextNonce ? state.chainEnd - nextNonce : 0;
        return (state.commit, nextNonce, remaining, state.root, state.resolved, state.chainLength);
    }

    /// @notice An open bet (`open` false once settled or claimed, or never placed).
    function getBet(uint256 betId) external view returns (BetView memory view_) {
        Bet memory bet = _bets[betId];
        view_.player = _playerOf(betId);
        view_.nonce = uint64(betId);
        if (bet.stake == 0) return view_;
        (view_.totalStake, view_.maxPayout, view_.token) = _amountsOf(bet);
        view_.stake = bet.stake;
        view_.gameType = bet.gameType;
        view_.split = bet.split;
        view_.placedAt = bet.placedAt;
        view_.open = true;
    }

    /// @notice The bet id of a player's nonce.
    function betIdOf(address player, uint64 nonce) external pure returns (uint256) {
        return (uint256(uint160(player)) << 64) | nonce;
    }

    /// @notice The random word of a bet on this chain and contract (notes/interop.md).
    function computeRandom(bytes32 seed, bytes32 clientSeed, address player, uint256 nonce) external view returns (bytes32) {
        return FairRandom.word(seed, clientSeed, player, nonce, block.chainid, address(this));
    }

    /// @notice The jackpot roll (0..9999) of a random word; a DEGEN bet hits when it is below the chance.
    function jackpotRoll(bytes32 random) external pure returns (uint256) {
        return FairRandom.jackpotRoll(random);
    }

    // ───────────────────────────── internals ─────────────────────────────

    /// @dev Checks pause, game, params and stake limits; reserves the maximum payout.
    function _reserveFor(address token, uint256 amount, uint8 gameType, uint256 params) private returns (uint256 multiplier) {
        Config memory cfg = _config;
        if (cfg.paused) revert IsPaused();
        _checkParams(gameType, params);
        multiplier = _multiplierOf(cfg, gameType);
        House memory funds = _house[token];
        uint256 minimum = minBet(token);
        if (amount < minimum) revert BetTooSmall(amount, minimum);
        uint256 maximum = _maxBetFor(token, funds.bankroll - funds.reserved, multiplier, cfg);
        if (amount > maximum) revert BetTooLarge(amount, maximum);
        // amount ≤ free × riskBps / multiplier, so the reservation fits in the free bankroll
        _house[token] = House({bankroll: funds.bankroll, reserved: funds.reserved + uint128((amount * multiplier) / BPS)});
    }

    /// @dev Checks the caller's commitment and takes the next nonce of its chain.
    function _useNonce(bytes32 expectedCommit) private returns (uint32 nonce) {
        PlayerState storage state = _players[msg.sender];
        bytes32 commit = state.commit;
        if (commit == bytes32(0)) revert NoCommitment();
        if (expectedCommit != commit && expectedCommit != state.root) revert StaleCommitment(commit);
        nonce = state.nextNonce;
        if (nonce >= state.chainEnd) revert ChainExhausted();
        state.nextNonce = nonce + 1;
    }

    function _settle(uint256 betId, bytes32 seed, uint256 payout) private {
        Bet memory bet = _bets[betId];
        if (bet.stake == 0) revert BetNotOpen(betId);
        address player = _revealSeed(betId, seed);
        (uint256 totalStake, uint256 maxPayout, address token) = _amountsOf(bet);
        if (payout > maxPayout) revert PayoutAboveReservation(payout, maxPayout);
        delete _bets[betId];
        _resolveHouse(token, totalStake, maxPayout, payout);

        bytes32 random = FairRandom.word(seed, bet.clientSeed, player, uint64(betId), block.chainid, address(this));
        emit BetSettled(betId, seed, random);
        emit GamePlayed(player, totalStake, payout, payout > totalStake, bet.gameType);
        uint256 credit = bet.isNative ? payout : payout + _drawJackpot(player, random);
        if (credit != 0) _credit(player, token, credit);
    }

    /// @dev Checks that the bet is its player's next to resolve and that `seed` hashes to the
    ///      commitment (once, plus once per earlier bet claimed as expired), then advances the chain.
    function _revealSeed(uint256 betId, bytes32 seed) private returns (address player) {
        player = _playerOf(betId);
        uint32 nonce = uint32(betId);
        PlayerState storage state = _players[player];
        uint32 resolved = state.resolved;
        if (nonce != resolved) revert OutOfOrder(betId, resolved);
        bytes32 link = FairRandom.hashLink(seed);
        for (uint32 unrevealed = state.head; unrevealed < nonce; ++unrevealed) {
            link = FairRandom.hashLink(link);
        }
        if (link != state.commit) revert WrongSeed(betId);
        state.commit = seed;
        state.resolved = nonce + 1;
        state.head = nonce + 1;
    }

    function _drawJackpot(address player, bytes32 random) private returns (uint256 win) {
        Jackpot memory jackpot = _jackpot;
        if (FairRandom.jackpotRoll(random) >= jackpot.chanceBps) return 0;
        win = (uint256(jackpot.pool) * jackpot.payoutBps) / BPS;
        if (win == 0) return 0;
        _jackpot.pool = jackpot.pool - uint128(win);
        emit JackpotWon(player, win);
    }

    /// @dev The stake joins the bankroll, the payout leaves it, the reservation is released.
    function _resolveHouse(address token, uint256 totalStake, uint256 maxPayout, uint256 payout) private {
        House memory funds = _house[token];
        _house[token] = House({
            bankroll: uint128(funds.bankroll + totalStake - payout), // payout ≤ reserved ≤ bankroll
            reserved: funds.reserved - uint128(maxPayout)
        });
    }

    function _amountsOf(Bet memory bet) private view returns (uint256 totalStake, uint256 maxPayout, address token) {
        totalStake = bet.split ? 2 * uint256(bet.stake) : bet.stake;
        maxPayout = (totalStake * bet.maxMultiplierBps) / BPS;
        token = bet.isNative ? NATIVE : address(degen);
    }

    function _maxBetFor(address token, uint256 free, uint256 multiplier, Config memory cfg) private pure returns (uint256) {
        uint256 byBankroll = (free * cfg.riskBps) / multiplier;
        uint256 limit = _maxBetLimitOf(token, cfg);
        return byBankroll < limit ? byBankroll : limit;
    }

    function _maxBetLimitOf(address token, Config memory cfg) private pure returns (uint256) {
        return token == NATIVE ? uint256(cfg.nativeMaxBetUnits) * MIN_BET_NATIVE : uint256(cfg.degenMaxBetUnits) * MIN_BET_DEGEN;
    }

    function _multiplierOf(Config memory cfg, uint8 gameType) private pure returns (uint256) {
        return (uint256(cfg.maxMultipliers) >> (24 * uint256(gameType))) & type(uint24).max;
    }

    function _checkParams(uint8 gameType, uint256 params) private pure {
        bool valid;
        if (gameType == WHEEL) {
            valid = params != 0 && params < (1 << WHEEL_COLOURS) && _popCount(params) <= MAX_WHEEL_COLOURS;
        } else if (gameType == SLOTS || gameType == BLACKJACK) {
            valid = params == 0;
        } else if (gameType == KICKBOXING) {
            valid = params <= 2;
        } else if (gameType == CRASH) {
            valid = params == 0 || (params >= MIN_CRASH_TARGET && params <= MAX_CRASH_TARGET);
        } else {
            revert InvalidGameType(gameType);
        }
        if (!valid) revert InvalidParams(gameType, params);
    }

    function _popCount(uint256 bits) private pure returns (uint256 count) {
        for (; bits != 0; bits &= bits - 1) ++count;
    }

    /// @dev Takes a stake for the caller: BNB from msg.value when sent, else from the vault;
    ///      DEGEN from the vault when it covers the stake, else from the wallet by allowance.
    function _takeStake(address token, uint256 amount) private {
        if (msg.value != 0) {
            if (token != NATIVE || msg.value != amount) revert ValueMismatch(msg.value, amount);
            return;
        }
        uint256 balance = _balanceOf(msg.sender, token);
        if (balance >= amount) {
            _setBalance(msg.sender, token, balance - amount);
        } else if (token == NATIVE) {
            revert InsufficientBalance(balance, amount);
        } else {
            degen.safeTransferFrom(msg.sender, address(this), amount);
        }
    }

    /// @dev Receives `amount` from the caller's wallet: BNB as msg.value, DEGEN by allowance.
    function _collect(address token, uint256 amount) private {
        if (token == NATIVE) {
            if (msg.value != amount) revert ValueMismatch(msg.value, amount);
        } else {
            if (msg.value != 0) revert ValueMismatch(msg.value, 0);
            degen.safeTransferFrom(msg.sender, address(this), amount);
        }
    }

    function _withdraw(address player, address token, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        uint256 balance = _balanceOf(player, token);
        if (balance < amount) revert InsufficientBalance(balance, amount);
        _setBalance(player, token, balance - amount);
        emit Withdrawn(player, token, amount);
        _send(token, player, amount);
    }

    function _swap(address player, address fromToken, uint256 amount) private returns (uint256 amountOut) {
        if (amount == 0) revert ZeroAmount();
        address toToken = fromToken == NATIVE ? address(degen) : NATIVE;
        amountOut = fromToken == NATIVE ? amount * DEGEN_PER_NATIVE : amount / DEGEN_PER_NATIVE;
        if (amountOut == 0) revert ZeroAmount();
        uint256 balance = _balanceOf(player, fromToken);
        if (balance < amount) revert InsufficientBalance(balance, amount);
        House storage out = _house[toToken];
        uint256 free = uint256(out.bankroll) - out.reserved;
        if (amountOut > free) revert InsufficientBankroll(free, amountOut);
        _setBalance(player, fromToken, balance - amount);
        _credit(player, toToken, amountOut);
        out.bankroll -= uint128(amountOut);
        House storage into = _house[fromToken];
        into.bankroll = (uint256(into.bankroll) + amount).toUint128();
        emit Swapped(player, fromToken, amount, amountOut);
    }

    function _send(address token, address to, uint256 amount) private {
        if (token == NATIVE) {
            (bool ok, ) = to.call{value: amount}("");
            if (!ok) revert TransferFailed();
        } else {
            degen.safeTransfer(to, amount);
        }
    }

    function _balanceOf(address player, address token) private view returns (uint256) {
        PlayerState storage state = _players[player];
        return token == NATIVE ? state.nativeBalance : state.degenBalance;
    }

    function _setBalance(address player, address token, uint256 value) private {
        PlayerState storage state = _players[player];
        if (token == NATIVE) state.nativeBalance = value.toUint96();
        else state.degenBalance = value.toUint96();
    }

    function _credit(address player, address token, uint256 amount) private {
        _setBalance(player, token, _balanceOf(player, token) + amount);
    }

    function _checkBounds(uint256 value, uint256 min, uint256 max) private pure {
        if (value < min || value > max) revert OutOfBounds(value, min, max);
    }

    function _playerOf(uint256 betId) private pure returns (address) {
        return address(uint160(betId >> 64));
    }
}
