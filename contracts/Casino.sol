// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {FairRandom} from "./FairRandom.sol";
import {Payouts} from "./Payouts.sol";
import {CasinoRelay} from "./CasinoRelay.sol";
import {CasinoSwap} from "./CasinoSwap.sol";
import {IJackpotSink} from "./interfaces/IJackpotSink.sol";
import {IDegenToken} from "./interfaces/IDegenToken.sol";

/// @title Casino
/// @notice Vault, house bankroll, escrowed bets settled by commit-reveal hash chains, and the DEGEN
///         jackpot. Native BNB is token address(0); the only ERC-20 is DEGEN. It deploys its two
///         helpers: CasinoSwap (the fixed-rate swap) and CasinoRelay (withdrawals and swaps the
///         player signed, sent by someone else).
/// @dev For each token the contract always holds at least `accounted` = Σ vault balances + Σ open
///      stakes + bankroll (+ jackpot pool for DEGEN), and bankroll ≥ reserved (sum of open bets'
///      maximum payouts). A bet id is `player << 64 | nonce`, so a bet needs no player field in
///      storage. Every term a bet is settled or claimed under is stored with it when it is placed.
contract Casino is Ownable2Step, ReentrancyGuardTransient, IJackpotSink {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    address public constant NATIVE = address(0);
    uint256 public constant MIN_BET_DEGEN = 1 ether;
    uint256 public constant MIN_BET_NATIVE = 0.001 ether;

    uint256 private constant BPS = 10_000;
    uint256 public constant MAX_RISK_BPS = 2_000;
    uint256 public constant MAX_PLAYER_RISK_BPS = 5_000;
    /// @notice Open interactive bets (blackjack, crash with a manual cash-out) together never
    ///         reserve more than this share of the bankroll, however many accounts hold them, so
    ///         at least 10 % of it stays free for everyone else's bets.
    uint256 public constant MAX_INTERACTIVE_RISK_BPS = 9_000;
    uint256 public constant MIN_SETTLE_WINDOW = 10 minutes;
    uint256 public constant MAX_SETTLE_WINDOW = 1 days;
    uint256 public constant MIN_WITHDRAWAL_DELAY = 1 hours;
    uint256 public constant MAX_WITHDRAWAL_DELAY = 30 days;
    /// @notice An announced bankroll withdrawal lapses this long after it became executable.
    uint256 public constant ANNOUNCEMENT_LIFETIME = 7 days;
    uint256 public constant MAX_JACKPOT_EDGE_BPS = 200;
    uint256 public constant MAX_JACKPOT_SHARE_BPS = 5_000;
    uint256 public constant MAX_BET_UNITS = type(uint24).max;

    /// @notice Every setting a bet reads, packed in one slot. The last three are a bet's terms.
    struct Config {
        bool paused;
        uint16 riskBps; // largest payout one bet may reserve, in bps of the free bankroll
        uint16 playerRiskBps; // largest sum one player's open bets may reserve, in bps of the bankroll
        uint16 interactiveRiskBps; // largest sum all open interactive bets may reserve, in bps of the bankroll
        uint32 withdrawalDelay;
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

    /// @notice Per player, in four slots laid out so that a bet touches three of them and a
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
        uint80 degenReserved; // what the player's open bets reserve of the bankroll
        uint80 nativeReserved;
        bytes32 root; // s_0 of the current chain
    }

    /// @notice An open bet with the terms it was placed under: two storage slots, deleted when resolved.
    struct Bet {
        bytes32 clientSeed;
        uint88 stake; // per hand; 0 = no open bet
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
        bool split;
        uint256 placedBlock;
        uint256 claimableAt;
        uint256 jackpotOdds;
        uint256 jackpotPrize;
        uint256 jackpotEdgeBps;
        bool open;
    }

    IERC20 public immutable degen;
    /// @notice The contract that checks players' signatures for relayed withdrawals and swaps.
    CasinoRelay public immutable relay;
    /// @notice The fixed-rate swap, which alone may exchange vault balances against the bankroll.
    CasinoSwap public immutable swapDesk;

    Config private _config;
    address private _settler;
    uint256 private _jackpotPool;
    mapping(address token => House) private _house;
    mapping(address token => uint256) private _accounted;
    mapping(address token => PendingWithdrawal) private _pendingWithdrawal;
    mapping(address player => PlayerState) private _players;
    mapping(uint256 betId => Bet) private _bets;
    mapping(uint256 betId => bytes32) private _lockedEntropy;
    mapping(address token => uint256) private _interactiveReserved;

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
    event GamePlayed(address indexed player, uint256 betAmount, uint256 payout, bool won, uint8 gameType);
    event JackpotDrawn(uint256 indexed betId, bytes32 entropy, uint256 prize, bool hit);
    event JackpotWon(address indexed player, uint256 amount);
    event JackpotEntropyLocked(uint256 indexed betId, bytes32 entropy);
    event ExpiredBetClaimed(uint256 indexed betId, address indexed player, uint256 payout);
    event BankrollFunded(address indexed funder, address indexed token, uint256 amount);
    event JackpotFunded(address indexed funder, uint256 amount);
    event BankrollWithdrawalAnnounced(address indexed token, uint256 amount, uint256 executableAt);
    event BankrollWithdrawalCancelled(address indexed token);
    event BankrollWithdrawalExecuted(address indexed token, uint256 amount, address indexed to);
    event Swept(address indexed token, address indexed to, uint256 amount);
    event SettlerChanged(address indexed previous, address indexed current);
    event Paused(address account);
    event Unpaused(address account);
    event MaxBetLimitChanged(address indexed token, uint256 amount);
    event RiskChanged(uint256 bps);
    event PlayerRiskChanged(uint256 bps);
    event InteractiveRiskChanged(uint256 bps);
    event CommitmentAbandoned(address indexed player);
    event SettleWindowChanged(uint256 seconds_);
    event WithdrawalDelayChanged(uint256 seconds_);
    event JackpotTermsChanged(uint256 edgeBps, uint256 shareBps);

    error NotSettler();
    error NotDegen();
    error NotRelay();
    error NotSwapDesk();
    error NotBetPlayer();
    error IsPaused();
    error NotPaused();
    error ZeroAddress();
    error ZeroAmount();
    error UnsupportedToken(address token);
    error BetTooSmall(uint256 amount, uint256 minBet);
    error BetTooLarge(uint256 amount, uint256 maxBet);
    error TermsChanged(uint256 terms);
    error ValueMismatch(uint256 value, uint256 amount);
    error InsufficientBalance(uint256 available, uint256 needed);
    error InsufficientBankroll(uint256 free, uint256 needed);
    error ExposureTooHigh(uint256 room, uint256 needed);
    error NoCommitment();
    error StaleCommitment(bytes32 current);
    error ChainExhausted();
    error OpenBetExists();
    error ChainNotExhausted(uint256 remaining);
    error InvalidCommitment();
    error BetNotOpen(uint256 betId);
    error EntropyNotReady(uint256 betId);
    error OutOfOrder(uint256 betId, uint256 expectedNonce);
    error WrongSeed(uint256 betId);
    error PayoutAboveReservation(uint256 payout, uint256 maxPayout);
    error LengthMismatch();
    error NotBlackjack();
    error AlreadySplit();
    error BetExpired();
    error NotExpired(uint256 claimableAt);
    error NothingPending();
    error NotReady(uint256 executableAt);
    error AnnouncementLapsed(uint256 lapsedAt);
    error NothingToSweep();
    error OutOfBounds(uint256 value, uint256 min, uint256 max);
    error TransferFailed();
    error TokenNotBoundToCasino();

    modifier onlySettler() {
        if (msg.sender != _settler) revert NotSettler();
        _;
    }

    modifier onlyRelay() {
        if (msg.sender != address(relay)) revert NotRelay();
        _;
    }

    modifier onlySwapDesk() {
        if (msg.sender != address(swapDesk)) revert NotSwapDesk();
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
        relay = new CasinoRelay(address(degen_));
        swapDesk = new CasinoSwap(address(degen_));
        _settler = settler_;
        _config = Config({
            paused: false,
            riskBps: 500,
            playerRiskBps: 1_000,
            interactiveRiskBps: 5_000,
            withdrawalDelay: 24 hours,
            degenMaxBetUnits: 1_000_000, // 1,000,000 DEGEN
            nativeMaxBetUnits: 100_000, // 100 BNB
            settleWindow: 1 hours,
            jackpotEdgeBps: 50,
            jackpotShareBps: 500
        });
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

    /// @notice Relay of a withdrawal the player signed (see CasinoRelay): sends the player's free
    ///         vault balance to that same player, never anywhere else.
    /// @param player the owner of the vault balance, and the receiver
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function withdrawFor(address player, address token, uint256 amount) external nonReentrant onlyRelay supportedToken(token) {
        _withdraw(player, token, amount);
    }

    /// @notice Exchanges a player's vault balance of one token for the other against the bankroll,
    ///         at the amounts the swap desk priced and capped (swap desk only).
    /// @param player whose vault balance is swapped
    /// @param fromToken the token given (the other one is received)
    /// @param amountIn base units of `fromToken`, from the player's vault into the bankroll
    /// @param amountOut base units of the other token, from the free bankroll into the player's vault
    function exchange(address player, address fromToken, uint256 amountIn, uint256 amountOut)
        external
        nonReentrant
        onlySwapDesk
        supportedToken(fromToken)
    {
        if (amountIn == 0 || amountOut == 0) revert ZeroAmount();
        uint256 balance = _balanceOf(player, fromToken);
        if (balance < amountIn) revert InsufficientBalance(balance, amountIn);
        address toToken = fromToken == NATIVE ? address(degen) : NATIVE;
        House storage out = _house[toToken];
        uint256 free = uint256(out.bankroll) - out.reserved;
        if (amountOut > free) revert InsufficientBankroll(free, amountOut);
        _setBalance(player, fromToken, balance - amountIn);
        _credit(player, toToken, amountOut);
        out.bankroll -= uint128(amountOut);
        House storage into = _house[fromToken];
        into.bankroll = (uint256(into.bankroll) + amountIn).toUint128();
        emit Swapped(player, fromToken, amountIn, amountOut);
    }

    /// @notice A player's free vault balance of a token.
    function getBalance(address player, address token) external view returns (uint256) {
        return _balanceOf(player, token);
    }

    // ───────────────────────────── bets ─────────────────────────────

    /// @notice Places a bet: escrows the stake and reserves the bet's maximum payout from the bankroll.
    /// @dev BNB comes from msg.value when it is non-zero (it must equal `amount`), else from the
    ///      vault; DEGEN comes from the vault when it covers the stake, else by allowance.
    /// @param token DEGEN or address(0)
    /// @param amount the stake in base units
    /// @param gameType 0 WHEEL, 1 SLOTS, 2 BLACKJACK, 3 KICKBOXING, 4 CRASH
    /// @param params the game's parameters (engine/README.md)
    /// @param clientSeed the player's contribution to the random word
    /// @param expectedCommit the commitment the player saw: the current one or the chain's root
    /// @param expectedTerms the terms the player accepts (`terms()`): a bet is refused, never
    ///        changed, when the owner has changed them since
    /// @return betId `player << 64 | nonce`
    function playGame(
        address token,
        uint256 amount,
        uint8 gameType,
        uint256 params,
        bytes32 clientSeed,
        bytes32 expectedCommit,
        uint256 expectedTerms
    ) external payable nonReentrant supportedToken(token) returns (uint256 betId) {
        Config memory cfg = _config;
        if (cfg.paused) revert IsPaused();
        uint256 currentTerms = _termsOf(cfg);
        if (expectedTerms != currentTerms) revert TermsChanged(currentTerms);
        _reserveFor(token, amount, gameType, params, cfg);
        betId = (uint256(uint160(msg.sender)) << 64) | _takeNonce(expectedCommit);
        _recordBet(betId, token, amount, gameType, params, clientSeed, cfg);
        _takeStake(token, amount);
    }

    /// @notice The second stake of a blackjack split, equal to the first, paid by the bet's player
    ///         (vault, allowance or msg.value as in playGame) while the bet is open and unexpired.
    /// @param betId the open blackjack bet
    function addStake(uint256 betId) external payable nonReentrant {
        Bet storage bet = _bets[betId];
        uint256 stake = bet.stake;
        if (stake == 0) revert BetNotOpen(betId);
        if (msg.sender != _playerOf(betId)) revert NotBetPlayer();
        if (bet.gameType != Payouts.BLACKJACK) revert NotBlackjack();
        if (bet.split) revert AlreadySplit();
        if (block.timestamp >= bet.claimableAt) revert BetExpired();
        address token = bet.isNative ? NATIVE : address(degen);
        uint256 extra = Payouts.maxPayout(Payouts.BLACKJACK, 0, bet.isNative, true, 2 * stake) -
            Payouts.maxPayout(Payouts.BLACKJACK, 0, bet.isNative, false, stake);
        House storage funds = _house[token];
        uint256 free = uint256(funds.bankroll) - funds.reserved;
        if (extra > free) revert InsufficientBankroll(free, extra);
        Config memory cfg = _config;
        uint256 room = Math.min(
            _exposureRoom(msg.sender, token, funds.bankroll, cfg.playerRiskBps),
            _interactiveRoom(token, funds.bankroll, cfg.interactiveRiskBps)
        );
        if (extra > room) revert ExposureTooHigh(room, extra);
        // The jackpot draw stays the one of the first stake: the split comes after the bet's block,
        // when its roll is already public, so it must not change the draw.
        bet.split = true;
        _reserve(msg.sender, token, extra, true);
        _takeStake(token, stake);
        emit StakeAdded(betId, msg.sender, stake);
    }

    /// @notice Posts a player's hash-chain commitment s_0 of `length` links (settler only). The
    ///         player's next bet is settled with s_1, and so on. Refused while a bet is open, and
    ///         while the current chain has links left: a chain swapped under a bet that is signed
    ///         but not yet mined would refuse it, and a bet sent again with a new client seed would
    ///         give the house a second draw of its outcome.
    /// @param player the player
    /// @param commit s_0
    /// @param length how many bets the chain can settle
    function setCommitment(address player, bytes32 commit, uint256 length) external onlySettler {
        if (player == address(0)) revert ZeroAddress();
        if (commit == bytes32(0) || length == 0) revert InvalidCommitment();
        PlayerState storage state = _players[player];
        uint32 next = state.nextNonce;
        if (state.resolved != next) revert OpenBetExists();
        if (state.commit != bytes32(0) && state.chainEnd > next) revert ChainNotExhausted(state.chainEnd - next);
        state.commit = commit;
        state.root = commit;
        state.head = next;
        state.chainLength = length.toUint32();
        state.chainEnd = (uint256(next) + length).toUint32();
        emit CommitmentSet(player, commit, next, length);
    }

    /// @notice Gives up the caller's hash chain while no bet of theirs is open, so that the settler
    ///         may post a new one (the house's way out is only a chain that runs out).
    function abandonCommitment() external {
        PlayerState storage state = _players[msg.sender];
        if (state.resolved != state.nextNonce) revert OpenBetExists();
        state.commit = bytes32(0);
        state.chainEnd = state.nextNonce;
        emit CommitmentAbandoned(msg.sender);
    }

    /// @notice Settles one bet with its revealed seed and payout (settler only), in a block after
    ///         the bet's, and draws the jackpot for a DEGEN bet.
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

    /// @notice After the bet's settle window without settlement, its player takes the reserved
    ///         maximum payout into the vault, and a DEGEN bet's jackpot is drawn exactly as its
    ///         settlement would have drawn it. Bets resolve in nonce order.
    /// @param betId the player's oldest open bet
    function claimExpired(uint256 betId) external nonReentrant {
        Bet memory bet = _bets[betId];
        if (bet.stake == 0) revert BetNotOpen(betId);
        address player = _playerOf(betId);
        if (msg.sender != player) revert NotBetPlayer();
        if (block.timestamp < bet.claimableAt) revert NotExpired(bet.claimableAt);
        PlayerState storage state = _players[player];
        uint32 nonce = uint32(betId);
        if (nonce != state.resolved) revert OutOfOrder(betId, state.resolved);
        state.resolved = nonce + 1;
        delete _bets[betId];

        (uint256 totalStake, uint256 bound, address token) = _amountsOf(bet);
        _release(player, token, totalStake, bound, bound, bet);
        emit ExpiredBetClaimed(betId, player, bound);
        emit GamePlayed(player, totalStake, bound, bound > totalStake, bet.gameType);
        uint256 credit = bet.isNative ? bound : bound + _drawJackpot(betId, player, bet);
        _credit(player, token, credit);
    }

    /// @notice Keeps the jackpot draw of open DEGEN bets past the blocks in which the EVM shows
    ///         their block's hash (256, or 8191 with EIP-2935): records that hash for a settlement
    ///         or claim later. Without it, a draw whose hash is gone counts as a hit, so the house
    ///         (whose settler calls this for bets left open) can only lose by settling late.
    ///         Anyone may call it; it changes no roll. Bets already resolved, recorded, or whose
    ///         hash is gone are skipped.
    /// @param betIds open bets
    function lockJackpotEntropy(uint256[] calldata betIds) external {
        for (uint256 i; i < betIds.length; ++i) {
            uint256 betId = betIds[i];
            Bet storage bet = _bets[betId];
            if (bet.stake == 0 || bet.isNative || _lockedEntropy[betId] != 0) continue;
            bytes32 entropy = FairRandom.blockHash(bet.placedBlock);
            if (entropy == 0) continue;
            _lockedEntropy[betId] = entropy;
            emit JackpotEntropyLocked(betId, entropy);
        }
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
        _collect(address(degen), amount);
        _jackpotPool += amount;
        emit JackpotFunded(msg.sender, amount);
    }

    /// @notice Books the jackpot share of DEGEN's trade tax, already transferred here by the token.
    /// @param amount base units of DEGEN
    function creditJackpotFromTax(uint256 amount) external override {
        if (msg.sender != address(degen)) revert NotDegen();
        _accounted[msg.sender] += amount;
        _jackpotPool += amount;
        emit JackpotFunded(msg.sender, amount);
    }

    /// @notice Announces a bankroll withdrawal, executable after `withdrawalDelay` for
    ///         ANNOUNCEMENT_LIFETIME (owner only). Replaces any pending announcement for the token.
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
        if (_pendingWithdrawal[token].amount == 0) revert NothingPending();
        delete _pendingWithdrawal[token];
        emit BankrollWithdrawalCancelled(token);
    }

    /// @notice Sends an announced amount of the free bankroll (never reserved funds, player
    ///         balances or the jackpot) to the owner, once the delay has passed and before the
    ///         announcement lapses (owner only).
    /// @param token DEGEN or address(0)
    function executeBankrollWithdrawal(address token) external nonReentrant onlyOwner {
        PendingWithdrawal memory pending = _pendingWithdrawal[token];
        if (pending.amount == 0) revert NothingPending();
        _checkAnnouncement(pending.executableAt);
        House storage funds = _house[token];
        uint256 free = uint256(funds.bankroll) - funds.reserved;
        if (pending.amount > free) revert InsufficientBankroll(free, pending.amount);
        delete _pendingWithdrawal[token];
        funds.bankroll -= pending.amount;
        _accounted[token] -= pending.amount;
        address to = owner();
        emit BankrollWithdrawalExecuted(token, pending.amount, to);
        _send(token, to, pending.amount);
    }

    /// @notice Sends what the contract holds of a token beyond everything it owes (`accounted`):
    ///         tokens or BNB that reached it outside its functions, and any other ERC-20 in full
    ///         (owner only). Nothing owed to players, open bets, the bankroll or the jackpot can move.
    /// @param token any ERC-20, or address(0) for BNB
    /// @param to the receiver
    function sweep(address token, address to) external nonReentrant onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        uint256 held = token == NATIVE ? address(this).balance : IERC20(token).balanceOf(address(this));
        uint256 owed = _accounted[token];
        if (held <= owed) revert NothingToSweep();
        uint256 amount = held - owed;
        emit Swept(token, to, amount);
        if (token == NATIVE || token == address(degen)) _send(token, to, amount);
        else IERC20(token).safeTransfer(to, amount);
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

    /// @notice Sets the largest sum one player's open bets may reserve, in bps of the bankroll (owner only).
    /// @param bps within [1, MAX_PLAYER_RISK_BPS]
    function setPlayerRiskBps(uint256 bps) external onlyOwner {
        _checkBounds(bps, 1, MAX_PLAYER_RISK_BPS);
        _config.playerRiskBps = uint16(bps);
        emit PlayerRiskChanged(bps);
    }

    /// @notice Sets the largest sum all open interactive bets (blackjack, crash with a manual
    ///         cash-out) may reserve together, in bps of the bankroll (owner only).
    /// @param bps within [1, MAX_INTERACTIVE_RISK_BPS]
    function setInteractiveRiskBps(uint256 bps) external onlyOwner {
        _checkBounds(bps, 1, MAX_INTERACTIVE_RISK_BPS);
        _config.interactiveRiskBps = uint16(bps);
        emit InteractiveRiskChanged(bps);
    }

    /// @notice Sets how long the settler has before a bet can be claimed as expired (owner only).
    ///         A term: it applies to bets placed afterwards.
    /// @param seconds_ within [MIN_SETTLE_WINDOW, MAX_SETTLE_WINDOW]
    function setSettleWindow(uint256 seconds_) external onlyOwner {
        _checkBounds(seconds_, MIN_SETTLE_WINDOW, MAX_SETTLE_WINDOW);
        _config.settleWindow = uint24(seconds_);
        emit SettleWindowChanged(seconds_);
    }

    /// @notice Sets the delay between announcing and executing a bankroll withdrawal or a swap
    ///         rate (owner only). Applies to announcements made afterwards.
    /// @param seconds_ within [MIN_WITHDRAWAL_DELAY, MAX_WITHDRAWAL_DELAY]
    function setWithdrawalDelay(uint256 seconds_) external onlyOwner {
        _checkBounds(seconds_, MIN_WITHDRAWAL_DELAY, MAX_WITHDRAWAL_DELAY);
        _config.withdrawalDelay = uint32(seconds_);
        emit WithdrawalDelayChanged(seconds_);
    }

    /// @notice Sets the jackpot terms of DEGEN bets placed afterwards (owner only).
    /// @param edgeBps a bet's expected jackpot win in bps of its stake, within [0, MAX_JACKPOT_EDGE_BPS]
    /// @param shareBps the share of the pool a hit wins, within [1, MAX_JACKPOT_SHARE_BPS]
    function setJackpotTerms(uint256 edgeBps, uint256 shareBps) external onlyOwner {
        _checkBounds(edgeBps, 0, MAX_JACKPOT_EDGE_BPS);
        _checkBounds(shareBps, 1, MAX_JACKPOT_SHARE_BPS);
        _config.jackpotEdgeBps = uint16(edgeBps);
        _config.jackpotShareBps = uint16(shareBps);
        emit JackpotTermsChanged(edgeBps, shareBps);
    }

    // ───────────────────────────── views ─────────────────────────────

    /// @notice The smallest stake: 1 DEGEN or 0.001 BNB.
    function minBet(address token) public view supportedToken(token) returns (uint256) {
        return token == NATIVE ? MIN_BET_NATIVE : MIN_BET_DEGEN;
    }

    /// @notice The largest stake `player` may place now on a game with these params: the least of
    ///         the configured limit, what riskBps of the free bankroll covers at the bet's maximum
    ///         payout, and the player's room under playerRiskBps (address(0): no player's bets counted).
    function maxBet(address token, uint8 gameType, uint256 params, address player) external view supportedToken(token) returns (uint256) {
        (uint256 num, uint256 den) = Payouts.ratio(gameType, params, token == NATIVE, false);
        return _maxBetFor(player, token, num, den, Payouts.isInteractive(gameType, params), _config);
    }

    /// @notice The largest payout of a bet: what placing it reserves and what an expired claim pays.
    /// @param totalStake the stake (both stakes of a split blackjack hand)
    /// @param split whether it is a split blackjack hand
    function maxPayout(address token, uint8 gameType, uint256 params, uint256 totalStake, bool split)
        external
        view
        supportedToken(token)
        returns (uint256)
    {
        return Payouts.maxPayout(gameType, params, token == NATIVE, split, totalStake);
    }

    /// @notice The terms a bet placed now is settled and claimed under, packed as playGame's
    ///         `expectedTerms`: settleWindow | jackpotEdgeBps << 32 | jackpotShareBps << 48.
    function terms() external view returns (uint256) {
        return _termsOf(_config);
    }

    /// @notice The DEGEN jackpot pool.
    function jackpotPool() external view returns (uint256) {
        return _jackpotPool;
    }

    /// @notice The jackpot terms of a DEGEN bet placed now, in basis points: its expected win as
    ///         a share of its stake, and the share of the pool a hit wins.
    function jackpotTerms() external view returns (uint256 edgeBps, uint256 shareBps) {
        return (_config.jackpotEdgeBps, _config.jackpotShareBps);
    }

    /// @notice A token's bankroll (including reserved) and reserved amount.
    function house(address token) external view returns (uint256 bankroll, uint256 reserved) {
        House memory h = _house[token];
        return (h.bankroll, h.reserved);
    }

    /// @notice Everything the contract owes in a token: Σ vaults + Σ open stakes + bankroll (+ jackpot).
    function accounted(address token) external view returns (uint256) {
        return _accounted[token];
    }

    /// @notice What a player's open bets reserve of a token's bankroll.
    function reservedBy(address player, address token) external view returns (uint256) {
        return _reservedOf(player, token);
    }

    /// @notice A token's RTP multiplier in basis points: DEGEN 10200, BNB 9800, fixed.
    function rtpBps(address token) external view supportedToken(token) returns (uint256) {
        return Payouts.rtpBps(token == NATIVE);
    }

    /// @notice The cap on all open interactive bets (bps of the bankroll) and what they reserve of a token now.
    function interactiveRisk(address token) external view returns (uint256 bps, uint256 reserved) {
        return (_config.interactiveRiskBps, _interactiveReserved[token]);
    }

    /// @notice The configured ceiling of `maxBet` for a token.
    function maxBetLimit(address token) external view supportedToken(token) returns (uint256) {
        return _maxBetLimitOf(token, _config);
    }

    /// @notice The risk settings: one bet's reservation in bps of the free bankroll, and one
    ///         player's open reservations in bps of the bankroll.
    function riskBps() external view returns (uint256 perBet, uint256 perPlayer) {
        return (_config.riskBps, _config.playerRiskBps);
    }

    /// @notice Seconds after placement from which an unsettled bet placed now can be claimed.
    function settleWindow() external view returns (uint256) {
        return _config.settleWindow;
    }

    /// @notice Seconds between announcing and executing a bankroll withdrawal or a swap rate.
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

    /// @notice The pending bankroll withdrawal of a token; executable from `executableAt` until
    ///         `executableAt + ANNOUNCEMENT_LIFETIME`.
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

    /// @notice A bet with its terms (`open` false once settled or claimed, or never placed).
    function getBet(uint256 betId) external view returns (BetView memory view_) {
        Bet memory bet = _bets[betId];
        view_.player = _playerOf(betId);
        view_.nonce = uint64(betId);
        if (bet.stake == 0) return view_;
        (view_.totalStake, view_.maxPayout, view_.token) = _amountsOf(bet);
        view_.stake = bet.stake;
        view_.gameType = bet.gameType;
        view_.params = bet.params;
        view_.split = bet.split;
        view_.placedBlock = bet.placedBlock;
        view_.claimableAt = bet.claimableAt;
        view_.jackpotPrize = uint256(bet.jackpotPrize) * FairRandom.JACKPOT_PRIZE_UNIT;
        view_.jackpotOdds = FairRandom.jackpotOdds(bet.stake, bet.jackpotEdgeBps, view_.jackpotPrize);
        view_.jackpotEdgeBps = bet.jackpotEdgeBps;
        view_.open = true;
    }

    /// @notice The entropy recorded for an open bet's jackpot draw by lockJackpotEntropy (0 if none).
    function lockedEntropy(uint256 betId) external view returns (bytes32) {
        return _lockedEntropy[betId];
    }

    /// @notice The bet id of a player's nonce.
    function betIdOf(address player, uint64 nonce) external pure returns (uint256) {
        return (uint256(uint160(player)) << 64) | nonce;
    }

    /// @notice The random word of a bet on this chain and contract (engine/README.md).
    function computeRandom(bytes32 seed, bytes32 clientSeed, address player, uint256 nonce) external view returns (bytes32) {
        return FairRandom.word(seed, clientSeed, player, nonce, block.chainid, address(this));
    }

    // ───────────────────────────── internals ─────────────────────────────

    /// @dev Checks the game, params and stake limits; reserves the bet's maximum payout.
    function _reserveFor(address token, uint256 amount, uint8 gameType, uint256 params, Config memory cfg) private {
        (uint256 num, uint256 den) = Payouts.ratio(gameType, params, token == NATIVE, false);
        bool interactive = Payouts.isInteractive(gameType, params);
        {
            uint256 minimum = minBet(token);
            if (amount < minimum) revert BetTooSmall(amount, minimum);
            uint256 maximum = _maxBetFor(msg.sender, token, num, den, interactive, cfg);
            if (amount > maximum) revert BetTooLarge(amount, maximum);
        }
        // maxBet keeps the reservation within riskBps of the free bankroll and the player's and
        // interactive bets' rooms.
        _reserve(msg.sender, token, (amount * num) / den, interactive);
    }

    function _reserve(address player, address token, uint256 reservation, bool interactive) private {
        _house[token].reserved += uint128(reservation);
        _setReserved(player, token, _reservedOf(player, token) + reservation);
        if (interactive) _interactiveReserved[token] += reservation;
    }

    /// @dev The largest stake s with maxPayout(s) within riskBps of the free bankroll and within
    ///      the player's room: floor(R × den / num) for the bound R, since floor(s × num / den) ≤ R then.
    function _maxBetFor(
        address player,
        address token,
        uint256 num,
        uint256 den,
        bool interactive,
        Config memory cfg
    ) private view returns (uint256 maximum) {
        House memory funds = _house[token];
        uint256 reservable = ((uint256(funds.bankroll) - funds.reserved) * cfg.riskBps) / BPS;
        if (player != address(0)) reservable = Math.min(reservable, _exposureRoom(player, token, funds.bankroll, cfg.playerRiskBps));
        if (interactive) reservable = Math.min(reservable, _interactiveRoom(token, funds.bankroll, cfg.interactiveRiskBps));
        maximum = (reservable * den) / num;
        uint256 limit = _maxBetLimitOf(token, cfg);
        if (limit < maximum) maximum = limit;
    }

    /// @dev What a player's open bets may still reserve: playerRiskBps of the bankroll, less what
    ///      they reserve already, and never more than the uint80 the player's record holds.
    function _exposureRoom(address player, address token, uint256 bankroll, uint256 playerRiskBps) private view returns (uint256) {
        uint256 cap = (bankroll * playerRiskBps) / BPS;
        if (cap > type(uint80).max) cap = type(uint80).max;
        uint256 used = _reservedOf(player, token);
        return cap > used ? cap - used : 0;
    }

    /// @dev What all open interactive bets may still reserve: interactiveRiskBps of the bankroll,
    ///      less what they reserve already.
    function _interactiveRoom(address token, uint256 bankroll, uint256 interactiveRiskBps) private view returns (uint256) {
        uint256 cap = (bankroll * interactiveRiskBps) / BPS;
        uint256 used = _interactiveReserved[token];
        return cap > used ? cap - used : 0;
    }

    /// @dev Stores an open bet with its terms, among them the prize a hit wins (the share of the
    ///      pool now; 0 for BNB and for a bet without jackpot odds), and announces it.
    function _recordBet(
        uint256 betId,
        address token,
        uint256 amount,
        uint8 gameType,
        uint256 params,
        bytes32 clientSeed,
        Config memory cfg
    ) private {
        uint256 prize = token == NATIVE ? 0 : FairRandom.betJackpotPrize(amount, cfg.jackpotEdgeBps, _jackpotPool, cfg.jackpotShareBps);
        Bet memory bet = Bet({
            clientSeed: clientSeed,
            stake: uint88(amount), // ≤ maxBet ≤ MAX_BET_UNITS × 1 DEGEN < 2^88
            claimableAt: uint32(block.timestamp + cfg.settleWindow),
            placedBlock: uint32(block.number),
            params: uint16(params), // checked by Payouts.ratio: at most 10,000
            jackpotPrize: uint56(prize / FairRandom.JACKPOT_PRIZE_UNIT), // jackpotPrizeOf keeps it within 56 bits of units
            jackpotEdgeBps: uint8(cfg.jackpotEdgeBps), // ≤ MAX_JACKPOT_EDGE_BPS
            gameType: gameType,
            isNative: token == NATIVE,
            split: false
        });
        _bets[betId] = bet;
        _announce(betId, token, bet, _termsOf(cfg), prize);
    }

    function _announce(uint256 betId, address token, Bet memory bet, uint256 terms, uint256 prize) private {
        uint256 odds = FairRandom.jackpotOdds(bet.stake, bet.jackpotEdgeBps, prize);
        emit BetPlaced(betId, msg.sender, token, bet.stake, bet.gameType, bet.params, uint64(betId), bet.clientSeed, terms, odds, prize);
    }

    /// @dev Checks the caller's commitment and takes the next nonce of its chain.
    function _takeNonce(bytes32 expectedCommit) private returns (uint32 nonce) {
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
        // The jackpot draws on the hash of the bet's block, which exists from the next block on.
        if (block.number <= bet.placedBlock) revert EntropyNotReady(betId);
        address player = _revealSeed(betId, seed);
        (uint256 totalStake, uint256 bound, address token) = _amountsOf(bet);
        if (payout > bound) revert PayoutAboveReservation(payout, bound);
        delete _bets[betId];
        _release(player, token, totalStake, bound, payout, bet);

        bytes32 random = FairRandom.word(seed, bet.clientSeed, player, uint64(betId), block.chainid, address(this));
        emit BetSettled(betId, seed, random);
        emit GamePlayed(player, totalStake, payout, payout > totalStake, bet.gameType);
        uint256 credit = bet.isNative ? payout : payout + _drawJackpot(betId, player, bet);
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

    /// @dev Draws a DEGEN bet's jackpot: its prize and odds were fixed at placement, its roll comes
    ///      from the hash of its block (recorded by lockJackpotEntropy once the EVM no longer shows
    ///      it). A draw whose hash is gone and was never recorded counts as a hit: the house, which
    ///      sees the hash first, can then never gain by settling late. A settlement and an expired
    ///      claim draw the same. A hit pays the prize, at most what the pool holds.
    function _drawJackpot(uint256 betId, address player, Bet memory bet) private returns (uint256 win) {
        uint256 prize = uint256(bet.jackpotPrize) * FairRandom.JACKPOT_PRIZE_UNIT;
        uint256 odds = FairRandom.jackpotOdds(bet.stake, bet.jackpotEdgeBps, prize);
        bytes32 entropy = FairRandom.blockHash(bet.placedBlock);
        if (entropy == 0) {
            entropy = _lockedEntropy[betId];
            if (entropy != 0) delete _lockedEntropy[betId];
        }
        uint256 pool = _jackpotPool;
        win = Math.min(prize, pool);
        bool hit = odds != 0 && (entropy == 0 || FairRandom.jackpotRoll(address(this), betId, entropy) < odds);
        emit JackpotDrawn(betId, entropy, win, hit);
        if (!hit || win == 0) return 0;
        _jackpotPool = pool - win;
        emit JackpotWon(player, win);
    }

    /// @dev The stake joins the bankroll, the payout leaves it, the reservation is released.
    function _release(address player, address token, uint256 totalStake, uint256 bound, uint256 payout, Bet memory bet) private {
        House memory funds = _house[token];
        _house[token] = House({
            bankroll: uint128(funds.bankroll + totalStake - payout), // payout ≤ reserved ≤ bankroll
            reserved: funds.reserved - uint128(bound)
        });
        _setReserved(player, token, _reservedOf(player, token) - bound);
        if (Payouts.isInteractive(bet.gameType, bet.params)) _interactiveReserved[token] -= bound;
    }

    function _amountsOf(Bet memory bet) private view returns (uint256 totalStake, uint256 bound, address token) {
        totalStake = bet.split ? 2 * uint256(bet.stake) : bet.stake;
        bound = Payouts.maxPayout(bet.gameType, bet.params, bet.isNative, bet.split, totalStake);
        token = bet.isNative ? NATIVE : address(degen);
    }

    function _termsOf(Config memory cfg) private pure returns (uint256) {
        return uint256(cfg.settleWindow) | (uint256(cfg.jackpotEdgeBps) << 32) | (uint256(cfg.jackpotShareBps) << 48);
    }

    function _maxBetLimitOf(address token, Config memory cfg) private pure returns (uint256) {
        return token == NATIVE ? uint256(cfg.nativeMaxBetUnits) * MIN_BET_NATIVE : uint256(cfg.degenMaxBetUnits) * MIN_BET_DEGEN;
    }

    /// @dev Takes a stake for the caller: BNB from msg.value when sent, else from the vault;
    ///      DEGEN from the vault when it covers the stake, else from the wallet by allowance.
    function _takeStake(address token, uint256 amount) private {
        if (msg.value != 0) {
            if (token != NATIVE || msg.value != amount) revert ValueMismatch(msg.value, amount);
            _accounted[NATIVE] += amount;
            return;
        }
        uint256 balance = _balanceOf(msg.sender, token);
        if (balance >= amount) {
            _setBalance(msg.sender, token, balance - amount);
        } else if (token == NATIVE) {
            revert InsufficientBalance(balance, amount);
        } else {
            _collect(token, amount);
        }
    }

    /// @dev Receives `amount` from the caller's wallet (BNB as msg.value, DEGEN by allowance) and
    ///      books it as owed.
    function _collect(address token, uint256 amount) private {
        if (token == NATIVE) {
            if (msg.value != amount) revert ValueMismatch(msg.value, amount);
        } else {
            if (msg.value != 0) revert ValueMismatch(msg.value, 0);
            degen.safeTransferFrom(msg.sender, address(this), amount);
        }
        _accounted[token] += amount;
    }

    function _withdraw(address player, address token, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        uint256 balance = _balanceOf(player, token);
        if (balance < amount) revert InsufficientBalance(balance, amount);
        _setBalance(player, token, balance - amount);
        _accounted[token] -= amount;
        emit Withdrawn(player, token, amount);
        _send(token, player, amount);
    }

    function _checkAnnouncement(uint256 executableAt) private view {
        if (block.timestamp < executableAt) revert NotReady(executableAt);
        uint256 lapsedAt = executableAt + ANNOUNCEMENT_LIFETIME;
        if (block.timestamp > lapsedAt) revert AnnouncementLapsed(lapsedAt);
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

    function _reservedOf(address player, address token) private view returns (uint256) {
        PlayerState storage state = _players[player];
        return token == NATIVE ? state.nativeReserved : state.degenReserved;
    }

    /// @dev Bounded by _exposureRoom to the uint80 it is stored in.
    function _setReserved(address player, address token, uint256 value) private {
        PlayerState storage state = _players[player];
        if (token == NATIVE) state.nativeReserved = uint80(value);
        else state.degenReserved = uint80(value);
    }

    function _checkBounds(uint256 value, uint256 min, uint256 max) private pure {
        if (value < min || value > max) revert OutOfBounds(value, min, max);
    }

    function _playerOf(uint256 betId) private pure returns (address) {
        return address(uint160(betId >> 64));
    }
}
