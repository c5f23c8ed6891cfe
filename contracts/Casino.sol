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
import {CasinoSessions} from "./CasinoSessions.sol";
import {CasinoLimits} from "./CasinoLimits.sol";
import {IGameRules} from "./interfaces/IGameRules.sol";
import {ISessionCasino} from "./interfaces/ISessionCasino.sol";
import {IJackpotSink} from "./interfaces/IJackpotSink.sol";
import {ICasino} from "./interfaces/ICasino.sol";
import {CasinoStorage, CasinoEnv, Config, House, PlayerState, Bet, PendingWithdrawal} from "./casino/CasinoStorage.sol";
import {CasinoLedger} from "./casino/CasinoLedger.sol";
import {SessionPlay} from "./casino/SessionPlay.sol";
import {HouseAdmin} from "./casino/HouseAdmin.sol";
import {BetClaims} from "./casino/BetClaims.sol";
import {BetSettlement} from "./casino/BetSettlement.sol";
import {IDegenToken} from "./interfaces/IDegenToken.sol";
import {Announcement} from "./utils/Announcement.sol";

/// @title Casino
/// @notice Vault, house bankroll, escrowed bets settled by commit-reveal hash chains, and the DEGEN
///         jackpot. Native BNB is token address(0); the only ERC-20 is DEGEN. It deploys its two
///         helpers: CasinoSwap (the fixed-rate swap) and CasinoRelay (withdrawals and swaps the
///         player signed, sent by someone else).
/// @dev For each token the contract always holds at least `accounted` = Σ vault balances + Σ open
///      stakes + bankroll (+ jackpot pool for DEGEN), and bankroll ≥ reserved (sum of open bets'
///      maximum payouts). A bet id is `player << 64 | nonce`, so a bet needs no player field in
///      storage. Every term a bet is settled or claimed under is stored with it when it is placed.
contract Casino is ICasino, Ownable2Step, ReentrancyGuardTransient, IJackpotSink {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;
    using CasinoLedger for CasinoStorage;

    address public constant NATIVE = CasinoLedger.NATIVE;
    uint256 public constant MIN_BET_DEGEN = CasinoLedger.MIN_BET_DEGEN;
    uint256 public constant MIN_BET_NATIVE = CasinoLedger.MIN_BET_NATIVE;
    uint256 public constant MAX_RISK_BPS = HouseAdmin.MAX_RISK_BPS;
    uint256 public constant MAX_PLAYER_RISK_BPS = HouseAdmin.MAX_PLAYER_RISK_BPS;
    /// @notice Open interactive bets (blackjack, crash with a manual cash-out) together never
    ///         reserve more than this share of the bankroll, however many accounts hold them, so
    ///         at least 10 % of it stays free for everyone else's bets.
    uint256 public constant MAX_INTERACTIVE_RISK_BPS = HouseAdmin.MAX_INTERACTIVE_RISK_BPS;
    uint256 public constant MIN_SETTLE_WINDOW = HouseAdmin.MIN_SETTLE_WINDOW;
    uint256 public constant MAX_SETTLE_WINDOW = HouseAdmin.MAX_SETTLE_WINDOW;
    uint256 public constant MIN_ANNOUNCEMENT_DELAY = HouseAdmin.MIN_ANNOUNCEMENT_DELAY;
    uint256 public constant MAX_ANNOUNCEMENT_DELAY = HouseAdmin.MAX_ANNOUNCEMENT_DELAY;
    /// @notice An announced bankroll withdrawal lapses this long after it became executable.
    uint256 public constant ANNOUNCEMENT_LIFETIME = Announcement.LIFETIME;
    uint256 public constant MAX_JACKPOT_EDGE_BPS = HouseAdmin.MAX_JACKPOT_EDGE_BPS;
    uint256 public constant MAX_JACKPOT_SHARE_BPS = HouseAdmin.MAX_JACKPOT_SHARE_BPS;
    uint256 public constant MAX_BET_UNITS = HouseAdmin.MAX_BET_UNITS;

    IERC20 public immutable degen;
    /// @notice The contract that checks players' signatures for relayed withdrawals and swaps.
    address public immutable relay;
    /// @notice The fixed-rate swap, which alone may exchange vault balances against the bankroll.
    address public immutable swapDesk;
    /// @notice The contract that checks session keys' signatures: one-click bets and actions.
    CasinoSessions public immutable sessions;
    /// @notice The limits players set for themselves, consulted on every bet.
    CasinoLimits public immutable limits;
    /// @notice The five games' rules: every payout is computed on chain by them.
    IGameRules public immutable rules;

    CasinoStorage private _s;

    modifier onlySettler() {
        if (msg.sender != _s.settler) revert NotSettler();
        _;
    }

    modifier onlyRelay() {
        if (msg.sender != relay) revert NotRelay();
        _;
    }

    modifier onlySessions() {
        if (msg.sender != address(sessions)) revert NotSessions();
        _;
    }

    modifier onlySwapDesk() {
        if (msg.sender != swapDesk) revert NotSwapDesk();
        _;
    }

    modifier supportedToken(address token) {
        if (token != NATIVE && token != address(degen)) revert UnsupportedToken(token);
        _;
    }

    /// @param degen_ the DEGEN token
    /// @param settler_ the server's settlement key
    /// @param rules_ the games' rules (contracts/rules/GameRules.sol)
    constructor(IERC20 degen_, address settler_, IGameRules rules_) Ownable(msg.sender) {
        if (address(degen_) == address(0) || settler_ == address(0) || address(rules_) == address(0)) revert ZeroAddress();
        if (IDegenToken(address(degen_)).casino() != address(this)) revert TokenNotBoundToCasino();
        degen = degen_;
        rules = rules_;
        relay = address(new CasinoRelay(address(degen_)));
        swapDesk = address(new CasinoSwap(address(degen_)));
        sessions = new CasinoSessions(address(degen_));
        limits = new CasinoLimits(address(degen_));
        _s.settler = settler_;
        _s.config = Config({
            paused: false,
            riskBps: 500,
            playerRiskBps: 1_000,
            interactiveRiskBps: 5_000,
            announcementDelay: 24 hours,
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
        _s.credit(msg.sender, token, amount);
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
        uint256 balance = _s.balanceOf(player, fromToken);
        if (balance < amountIn) revert InsufficientBalance(balance, amountIn);
        address toToken = fromToken == NATIVE ? address(degen) : NATIVE;
        House storage out = _s.house[toToken];
        uint256 free = uint256(out.bankroll) - out.reserved;
        if (amountOut > free) revert InsufficientBankroll(free, amountOut);
        _s.setBalance(player, fromToken, balance - amountIn);
        _s.credit(player, toToken, amountOut);
        out.bankroll -= uint128(amountOut);
        House storage into = _s.house[fromToken];
        into.bankroll = (uint256(into.bankroll) + amountIn).toUint128();
        emit Swapped(player, fromToken, amountIn, amountOut);
    }

    /// @notice A player's free vault balance of a token.
    function getBalance(address player, address token) external view returns (uint256) {
        return _s.balanceOf(player, token);
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
        betId = _open(ISessionCasino.BetInput(msg.sender, token, amount, gameType, params, clientSeed, CasinoLedger.ANY_NONCE, expectedCommit, expectedTerms), false);
        _takeStake(token, amount);
    }

    /// @notice Places a bet its player's session key signed, to be settled later, from the
    ///         player's vault (sessions only: see CasinoSessions.place).
    /// @param bet the bet as signed, its nonce the player's next
    /// @return betId `player << 64 | nonce`
    function placeFor(ISessionCasino.BetInput calldata bet) external nonReentrant onlySessions supportedToken(bet.token) returns (uint256 betId) {
        betId = _open(bet, true);
        _s.takeFromVault(bet.player, bet.token, bet.amount);
    }

    /// @notice Places and settles, in one go, bets of games that need no decision, from their
    ///         players' vaults, each with its seed: the payout is computed by the rules and credited
    ///         at once (sessions only: see CasinoSessions.play). The jackpot draws of DEGEN bets wait
    ///         for this block's hash: `JackpotTicketsIssued`, then drawJackpots.
    /// @param bets the bets as signed; each its player's next nonce, with no bet of the player open
    /// @param seeds their seeds
    /// @return payouts what each bet paid into its player's vault
    function playFor(ISessionCasino.SignedBet[] calldata bets, bytes32[] calldata seeds)
        external
        nonReentrant
        onlySessions
        returns (uint256[] memory payouts)
    {
        return SessionPlay.playFor(_s, _env(), bets, seeds);
    }

    /// @notice The second stake of a blackjack split, equal to the first, paid by the bet's player
    ///         (vault, allowance or msg.value as in playGame) while the bet is open and unexpired.
    ///         On a deal that allows no split the split is void: the stake comes back at settlement.
    /// @param betId the open blackjack bet
    function addStake(uint256 betId) external payable nonReentrant {
        if (msg.sender != CasinoLedger.playerOf(betId)) revert NotBetPlayer();
        (uint256 stake, address token) = _addStake(betId);
        _takeStake(token, stake);
    }

    /// @notice The second stake of a blackjack split that the player's session key signed, from
    ///         the player's vault (sessions only: see CasinoSessions.split).
    /// @param betId the open blackjack bet
    function addStakeFor(uint256 betId) external nonReentrant onlySessions returns (uint256 stake, address token) {
        (stake, token) = _addStake(betId);
        _s.takeFromVault(CasinoLedger.playerOf(betId), token, stake);
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
        PlayerState storage state = _s.players[player];
        uint32 next = state.nextNonce;
        if (state.resolved != next) revert OpenBetExists();
        if (state.commit != bytes32(0) && state.chainEnd > next) revert ChainNotExhausted(state.chainEnd - next);
        state.commit = commit;
        state.root = commit;
        state.committed = true;
        state.head = 0;
        state.chainLength = length.toUint24();
        state.chainEnd = (uint256(next) + length).toUint32();
        emit CommitmentSet(player, commit, next, length);
    }

    /// @notice Gives up the caller's hash chain while no bet of theirs is open, so that the settler
    ///         may post a new one (the house's way out is only a chain that runs out).
    function abandonCommitment() external {
        PlayerState storage state = _s.players[msg.sender];
        if (state.resolved != state.nextNonce) revert OpenBetExists();
        state.commit = bytes32(0);
        state.chainEnd = state.nextNonce;
        emit CommitmentAbandoned(msg.sender);
    }

    /// @notice Settles one bet with its revealed seed (settler only), in a block after the bet's,
    ///         and draws the jackpot for a DEGEN bet. The payout is the rules' for the seed (a hand
    ///         or crash round without the player's signed actions is stood, or not cashed out):
    ///         a settlement naming any other payout is refused.
    /// @param betId the bet, which must be its player's oldest open bet
    /// @param seed the chain link whose hash is the current commitment
    /// @param payout the payout the settler expects: refused unless the rules give exactly it
    function settle(uint256 betId, bytes32 seed, uint256 payout) external nonReentrant onlySettler {
        BetSettlement.settle(_s, _env(), betId, seed, payout, "", true);
    }

    /// @notice Settles several bets in order (settler only); all or none.
    /// @param betIds the bets
    /// @param seeds their seeds
    /// @param payouts the payouts the settler expects
    function settleBatch(uint256[] calldata betIds, bytes32[] calldata seeds, uint256[] calldata payouts)
        external
        nonReentrant
        onlySettler
    {
        BetSettlement.settleBatch(_s, _env(), betIds, seeds, payouts);
    }

    /// @notice Settles an open hand or manual crash round with the actions its player signed
    ///         (sessions only: CasinoSessions checked the signature).
    /// @param betId the bet
    /// @param seed its seed
    /// @param actions the signed actions
    /// @return payout what the rules gave, credited to the player's vault
    /// @return token the bet's token
    function settleFor(uint256 betId, bytes32 seed, bytes calldata actions) external nonReentrant onlySessions returns (uint256 payout, address token) {
        return BetSettlement.settle(_s, _env(), betId, seed, 0, actions, false);
    }

    /// @notice After the bet's settle window without settlement, its player takes the reserved
    ///         maximum payout into the vault, and a DEGEN bet's jackpot is drawn exactly as its
    ///         settlement would have drawn it. Bets resolve in nonce order.
    /// @param betId the player's oldest open bet
    function claimExpired(uint256 betId) external nonReentrant {
        BetClaims.claimExpired(_s, betId, address(degen), limits);
    }

    /// @notice Keeps the jackpot draw of open DEGEN bets past the blocks in which the EVM shows
    ///         their block's hash (256, or 8191 with EIP-2935): records that hash for a settlement
    ///         or claim later. Without it, a draw whose hash is gone counts as a hit, so the house
    ///         (whose settler calls this for bets left open) can only lose by settling late.
    ///         Anyone may call it; it changes no roll. Bets already resolved, recorded, or whose
    ///         hash is gone are skipped.
    /// @param betIds open bets
    function lockJackpotEntropy(uint256[] calldata betIds) external {
        BetClaims.lockJackpotEntropy(_s, betIds);
    }

    /// @notice Draws the jackpot of the DEGEN bets one playFor placed and settled, once the hash of
    ///         their block exists; anyone may call it (the server's settler does in the next block,
    ///         the app does for its player when it is late). As for every draw, a hash gone from
    ///         the EVM's window counts every ticket as a hit.
    /// @param tickets the batch's tickets in order, as its BetPlaced events published them (the
    ///        DEGEN bets with odds above 0)
    function drawJackpots(JackpotTicket[] calldata tickets) external nonReentrant {
        SessionPlay.drawJackpots(_s, address(degen), tickets);
    }

    /// @notice Marks a player whose bets must consult the limits they set for themselves (the
    ///         limits contract only, once the player sets any).
    /// @param player the player
    function setLimited(address player) external {
        if (msg.sender != address(limits)) revert NotLimits();
        _s.players[player].limited = true;
    }

    // ───────────────────────────── house ─────────────────────────────

    /// @notice Adds to the house bankroll of a token; anyone may fund.
    /// @param token DEGEN or address(0)
    /// @param amount base units (BNB: equal to msg.value)
    function fundBankroll(address token, uint256 amount) external payable nonReentrant supportedToken(token) {
        if (amount == 0) revert ZeroAmount();
        _collect(token, amount);
        House storage funds = _s.house[token];
        funds.bankroll = (uint256(funds.bankroll) + amount).toUint128();
        emit BankrollFunded(msg.sender, token, amount);
    }

    /// @notice Adds DEGEN to the jackpot pool; anyone may fund. The pool can never be withdrawn.
    /// @param amount base units of DEGEN
    function fundJackpot(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        _collect(address(degen), amount);
        _s.jackpotPool += amount;
        emit JackpotFunded(msg.sender, amount);
    }

    /// @notice Books the jackpot share of DEGEN's trade tax, already transferred here by the token.
    /// @param amount base units of DEGEN
    function creditJackpotFromTax(uint256 amount) external override {
        if (msg.sender != address(degen)) revert NotDegen();
        _s.accounted[msg.sender] += amount;
        _s.jackpotPool += amount;
        emit JackpotFunded(msg.sender, amount);
    }

    /// @notice Announces a bankroll withdrawal, executable after `announcementDelay` for
    ///         ANNOUNCEMENT_LIFETIME (owner only). Replaces any pending announcement for the token.
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function announceBankrollWithdrawal(address token, uint256 amount) external onlyOwner supportedToken(token) {
        HouseAdmin.announceBankrollWithdrawal(_s, token, amount);
    }

    /// @notice Cancels the pending bankroll withdrawal of a token (owner only).
    /// @param token DEGEN or address(0)
    function cancelBankrollWithdrawal(address token) external onlyOwner {
        HouseAdmin.cancelBankrollWithdrawal(_s, token);
    }

    /// @notice Sends an announced amount of the free bankroll (never reserved funds, player
    ///         balances or the jackpot) to the owner, once the delay has passed and before the
    ///         announcement lapses (owner only).
    /// @param token DEGEN or address(0)
    function executeBankrollWithdrawal(address token) external nonReentrant onlyOwner {
        HouseAdmin.executeBankrollWithdrawal(_s, token, address(degen), owner());
    }

    /// @notice Sends what the contract holds of a token beyond everything it owes (`accounted`):
    ///         tokens or BNB that reached it outside its functions, and any other ERC-20 in full
    ///         (owner only). Nothing owed to players, open bets, the bankroll or the jackpot can move.
    /// @param token any ERC-20, or address(0) for BNB
    /// @param to the receiver
    function sweep(address token, address to) external nonReentrant onlyOwner {
        HouseAdmin.sweep(_s, token, to, address(degen));
    }

    /// @notice Replaces the settler (owner only).
    /// @param settler_ the new settlement key
    function setSettler(address settler_) external onlyOwner {
        HouseAdmin.setSettler(_s, settler_);
    }

    /// @notice Stops new bets (owner only). Settlement, claims, withdrawals and swaps go on.
    function pause() external onlyOwner {
        HouseAdmin.pause(_s);
    }

    /// @notice Resumes new bets (owner only).
    function unpause() external onlyOwner {
        HouseAdmin.unpause(_s);
    }

    /// @notice Sets the configured ceiling of `maxBet` for a token (owner only), rounded down to
    ///         a whole number of minimum bets.
    /// @param token DEGEN or address(0)
    /// @param amount within [minBet(token), minBet(token) × MAX_BET_UNITS]
    function setMaxBetLimit(address token, uint256 amount) external onlyOwner supportedToken(token) {
        HouseAdmin.setMaxBetLimit(_s, token, amount);
    }

    /// @notice Sets the largest payout one bet may reserve, in bps of the free bankroll (owner only).
    /// @param bps within [1, MAX_RISK_BPS]
    function setRiskBps(uint256 bps) external onlyOwner {
        HouseAdmin.setRiskBps(_s, bps);
    }

    /// @notice Sets the largest sum one player's open bets may reserve, in bps of the bankroll (owner only).
    /// @param bps within [1, MAX_PLAYER_RISK_BPS]
    function setPlayerRiskBps(uint256 bps) external onlyOwner {
        HouseAdmin.setPlayerRiskBps(_s, bps);
    }

    /// @notice Sets the largest sum all open interactive bets (blackjack, crash with a manual
    ///         cash-out) may reserve together, in bps of the bankroll (owner only).
    /// @param bps within [1, MAX_INTERACTIVE_RISK_BPS]
    function setInteractiveRiskBps(uint256 bps) external onlyOwner {
        HouseAdmin.setInteractiveRiskBps(_s, bps);
    }

    /// @notice Sets how long the settler has before a bet can be claimed as expired (owner only).
    ///         A term: it applies to bets placed afterwards.
    /// @param seconds_ within [MIN_SETTLE_WINDOW, MAX_SETTLE_WINDOW]
    function setSettleWindow(uint256 seconds_) external onlyOwner {
        HouseAdmin.setSettleWindow(_s, seconds_);
    }

    /// @notice Sets the delay between announcing and executing a bankroll withdrawal or a swap
    ///         rate (owner only). Applies to announcements made afterwards.
    /// @param seconds_ within [MIN_ANNOUNCEMENT_DELAY, MAX_ANNOUNCEMENT_DELAY]
    function setAnnouncementDelay(uint256 seconds_) external onlyOwner {
        HouseAdmin.setAnnouncementDelay(_s, seconds_);
    }

    /// @notice Sets the jackpot terms of DEGEN bets placed afterwards (owner only).
    /// @param edgeBps a bet's expected jackpot win in bps of its stake, within [0, MAX_JACKPOT_EDGE_BPS]
    /// @param shareBps the share of the pool a hit wins, within [1, MAX_JACKPOT_SHARE_BPS]
    function setJackpotTerms(uint256 edgeBps, uint256 shareBps) external onlyOwner {
        HouseAdmin.setJackpotTerms(_s, edgeBps, shareBps);
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
        return _s.maxBetFor(player, token, num, den, Payouts.isInteractive(gameType, params), _s.config);
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
        return CasinoLedger.termsOf(_s.config);
    }

    /// @notice The DEGEN jackpot pool.
    function jackpotPool() external view returns (uint256) {
        return _s.jackpotPool;
    }

    /// @notice The jackpot terms of a DEGEN bet placed now, in basis points: its expected win as
    ///         a share of its stake, and the share of the pool a hit wins.
    function jackpotTerms() external view returns (uint256 edgeBps, uint256 shareBps) {
        return (_s.config.jackpotEdgeBps, _s.config.jackpotShareBps);
    }

    /// @notice A token's bankroll (including reserved) and reserved amount.
    function house(address token) external view returns (uint256 bankroll, uint256 reserved) {
        House memory h = _s.house[token];
        return (h.bankroll, h.reserved);
    }

    /// @notice Everything the contract owes in a token: Σ vaults + Σ open stakes + bankroll (+ jackpot).
    function accounted(address token) external view returns (uint256) {
        return _s.accounted[token];
    }

    /// @notice What a player's open bets reserve of a token's bankroll.
    function reservedBy(address player, address token) external view returns (uint256) {
        return _s.reservedOf(player, token);
    }

    /// @notice A token's RTP multiplier in basis points: DEGEN 10200, BNB 9800, fixed.
    function rtpBps(address token) external view supportedToken(token) returns (uint256) {
        return Payouts.rtpBps(token == NATIVE);
    }

    /// @notice The cap on all open interactive bets (bps of the bankroll) and what they reserve of a token now.
    function interactiveRisk(address token) external view returns (uint256 bps, uint256 reserved) {
        return (_s.config.interactiveRiskBps, _s.interactiveReserved[token]);
    }

    /// @notice The configured ceiling of `maxBet` for a token.
    function maxBetLimit(address token) external view supportedToken(token) returns (uint256) {
        return CasinoLedger.maxBetLimitOf(token, _s.config);
    }

    /// @notice The risk settings: one bet's reservation in bps of the free bankroll, and one
    ///         player's open reservations in bps of the bankroll.
    function riskBps() external view returns (uint256 perBet, uint256 perPlayer) {
        return (_s.config.riskBps, _s.config.playerRiskBps);
    }

    /// @notice Seconds after placement from which an unsettled bet placed now can be claimed.
    function settleWindow() external view returns (uint256) {
        return _s.config.settleWindow;
    }

    /// @notice The Casino's owner, as ICasino names it for the swap desk.
    function owner() public view override(Ownable, ICasino) returns (address) {
        return super.owner();
    }

    /// @notice Seconds between announcing and executing a bankroll withdrawal or a swap rate.
    function announcementDelay() external view returns (uint256) {
        return _s.config.announcementDelay;
    }

    /// @notice The settler address.
    function settler() external view returns (address) {
        return _s.settler;
    }

    /// @notice Whether new bets are stopped.
    function paused() external view returns (bool) {
        return _s.config.paused;
    }

    /// @notice The pending bankroll withdrawal of a token; executable from `executableAt` until
    ///         `executableAt + ANNOUNCEMENT_LIFETIME`.
    function pendingWithdrawal(address token) external view returns (uint256 amount, uint256 executableAt) {
        PendingWithdrawal memory p = _s.pendingWithdrawal[token];
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
        PlayerState storage state = _s.players[player];
        nextNonce = state.nextNonce;
        remaining = state.chainEnd > nextNonce ? state.chainEnd - nextNonce : 0;
        return (state.commit, nextNonce, remaining, state.root, state.resolved, state.chainLength);
    }

    /// @notice A bet with its terms (`open` false once settled or claimed, or never placed).
    function getBet(uint256 betId) external view returns (BetView memory view_) {
        Bet memory bet = _s.bets[betId];
        view_.player = CasinoLedger.playerOf(betId);
        view_.nonce = uint64(betId);
        if (bet.stake == 0) return view_;
        (view_.totalStake, view_.maxPayout, view_.token) = CasinoLedger.amountsOf(bet, address(degen));
        view_.stake = bet.stake;
        view_.gameType = bet.gameType;
        view_.params = bet.params;
        view_.clientSeed = bet.clientSeed;
        view_.split = bet.split;
        view_.relayed = bet.relayed;
        view_.placedBlock = bet.placedBlock;
        view_.claimableAt = bet.claimableAt;
        view_.jackpotPrize = uint256(bet.jackpotPrize) * FairRandom.JACKPOT_PRIZE_UNIT;
        view_.jackpotOdds = FairRandom.jackpotOdds(bet.stake, bet.jackpotEdgeBps, view_.jackpotPrize);
        view_.jackpotEdgeBps = bet.jackpotEdgeBps;
        view_.open = true;
    }

    /// @notice The entropy recorded for an open bet's jackpot draw by lockJackpotEntropy (0 if none).
    function lockedEntropy(uint256 betId) external view returns (bytes32) {
        return _s.lockedEntropy[betId];
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

    /// @dev Opens a bet: terms, limits (the Casino's and the player's own), nonce and commitment
    ///      checked, its maximum payout reserved, its record stored and announced. The stake is the
    ///      caller's to take.
    function _open(ISessionCasino.BetInput memory bet, bool relayed) private returns (uint256 betId) {
        Config memory cfg = _s.config;
        if (cfg.paused) revert IsPaused();
        uint256 currentTerms = CasinoLedger.termsOf(cfg);
        if (bet.terms != currentTerms) revert TermsChanged(currentTerms);
        (uint256 num, uint256 den) = _s.checkStake(bet, cfg);
        bool interactive = Payouts.isInteractive(bet.gameType, bet.params);
        // maxBet keeps the reservation within riskBps of the free bankroll and the player's and
        // interactive bets' rooms.
        _s.reserve(bet.player, bet.token, (bet.amount * num) / den, interactive);
        betId = (uint256(uint160(bet.player)) << 64) | _s.takeNonce(bet.player, bet.expectedCommit, bet.nonce);
        _recordBet(betId, bet, cfg);
        if (relayed) _s.bets[betId].relayed = true;
        if (_s.players[bet.player].limited) limits.beforeBet(bet.player, bet.token == NATIVE, bet.amount);
    }

    /// @dev Reserves the second stake of a blackjack split (the player's room and the interactive
    ///      bets' room permitting); the stake itself is the caller's to take. The jackpot draw is
    ///      left as it was: the split comes when the bet's roll is public.
    function _addStake(uint256 betId) private returns (uint256 stake, address token) {
        Bet storage bet = _s.bets[betId];
        stake = bet.stake;
        if (stake == 0) revert BetNotOpen(betId);
        if (bet.gameType != Payouts.BLACKJACK) revert NotBlackjack();
        if (bet.split) revert AlreadySplit();
        if (block.timestamp >= bet.claimableAt) revert BetExpired();
        token = bet.isNative ? NATIVE : address(degen);
        address player = CasinoLedger.playerOf(betId);
        uint256 extra = Payouts.maxPayout(Payouts.BLACKJACK, 0, bet.isNative, true, 2 * stake) -
            Payouts.maxPayout(Payouts.BLACKJACK, 0, bet.isNative, false, stake);
        House storage funds = _s.house[token];
        uint256 free = uint256(funds.bankroll) - funds.reserved;
        if (extra > free) revert InsufficientBankroll(free, extra);
        Config memory cfg = _s.config;
        uint256 room = Math.min(
            _s.exposureRoom(player, token, funds.bankroll, cfg.playerRiskBps),
            _s.interactiveRoom(token, funds.bankroll, cfg.interactiveRiskBps)
        );
        if (extra > room) revert ExposureTooHigh(room, extra);
        bet.split = true;
        _s.reserve(player, token, extra, true);
        if (_s.players[player].limited) limits.beforeBet(player, bet.isNative, stake);
        emit StakeAdded(betId, player, stake);
    }

    /// @dev Stores an open bet with its terms, among them the prize a hit wins (the share of the
    ///      pool now; 0 for BNB and for a bet without jackpot odds), and announces it.
    function _recordBet(uint256 betId, ISessionCasino.BetInput memory input, Config memory cfg) private {
        bool isNative = input.token == NATIVE;
        uint256 prize = isNative ? 0 : FairRandom.betJackpotPrize(input.amount, cfg.jackpotEdgeBps, _s.jackpotPool, cfg.jackpotShareBps);
        Bet memory bet;
        bet.clientSeed = input.clientSeed;
        bet.stake = uint80(input.amount); // ≤ maxBet: its maximum payout, above the stake, is capped at 2^80 − 1
        bet.claimableAt = uint32(block.timestamp + cfg.settleWindow);
        bet.placedBlock = uint32(block.number);
        bet.params = uint16(input.params); // checked by Payouts.ratio: at most 10,000
        bet.jackpotPrize = uint56(prize / FairRandom.JACKPOT_PRIZE_UNIT); // jackpotPrizeOf keeps it within 56 bits of units
        bet.jackpotEdgeBps = uint8(cfg.jackpotEdgeBps); // ≤ MAX_JACKPOT_EDGE_BPS
        bet.gameType = input.gameType;
        bet.isNative = isNative;
        _s.bets[betId] = bet;
        _announce(betId, input.player, input.token, bet, CasinoLedger.termsOf(cfg), prize);
    }

    function _announce(uint256 betId, address player, address token, Bet memory bet, uint256 packedTerms, uint256 prize) private {
        uint256 odds = FairRandom.jackpotOdds(bet.stake, bet.jackpotEdgeBps, prize);
        emit BetPlaced(betId, player, token, bet.stake, bet.gameType, bet.params, uint64(betId), bet.clientSeed, packedTerms, odds, prize);
    }

    function _env() private view returns (CasinoEnv memory) {
        return CasinoEnv(address(degen), rules, limits);
    }

    /// @dev Takes a stake for the caller: BNB from msg.value when sent, else from the vault;
    ///      DEGEN from the vault when it covers the stake, else from the wallet by allowance.
    function _takeStake(address token, uint256 amount) private {
        if (msg.value != 0) {
            if (token != NATIVE || msg.value != amount) revert ValueMismatch(msg.value, amount);
            _s.accounted[NATIVE] += amount;
            return;
        }
        uint256 balance = _s.balanceOf(msg.sender, token);
        if (balance >= amount) {
            _s.setBalance(msg.sender, token, balance - amount);
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
        _s.accounted[token] += amount;
    }

    function _withdraw(address player, address token, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        uint256 balance = _s.balanceOf(player, token);
        if (balance < amount) revert InsufficientBalance(balance, amount);
        _s.setBalance(player, token, balance - amount);
        _s.accounted[token] -= amount;
        emit Withdrawn(player, token, amount);
        _send(token, player, amount);
    }

    function _send(address token, address to, uint256 amount) private {
        if (token == NATIVE) {
            (bool ok, ) = to.call{value: amount}("");
            if (!ok) revert TransferFailed();
        } else {
            degen.safeTransfer(to, amount);
        }
    }
}
