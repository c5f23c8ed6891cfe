// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {FairRandom} from "../FairRandom.sol";
import {Payouts} from "../Payouts.sol";
import {ISessionCasino, SIGNED_BET_SIZE} from "../interfaces/ISessionCasino.sol";
import {CasinoStorage, Config, House, PlayerState, Bet} from "./CasinoStorage.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {SessionPlay} from "./SessionPlay.sol";
import {BetClaims} from "./BetClaims.sol";
import {BetSettlement} from "./BetSettlement.sol";
import {CasinoBase} from "./CasinoBase.sol";

/// @title CasinoBets
/// @notice Bets: commitments, placing (from the wallet, or signed by a session key), a split's
///         second stake, settlement with the payout the rules compute, claims of bets left open,
///         and the views a bet is placed and checked by.
abstract contract CasinoBets is CasinoBase {
    using SafeCast for uint256;
    using CasinoLedger for CasinoStorage;

    /// @dev SessionPlay.playFor's arguments' head: the storage slot, the environment's three
    ///      addresses, and the offsets of the bets, of the seeds and of the refusals.
    uint256 private constant PLAY_HEAD_SIZE = 7 * 32;

    /// @notice Places a bet: escrows the stake and reserves the bet's maximum payout from the bankroll.
    /// @dev BNB comes from msg.value when it is non-zero (it must equal `amount`), else from the
    ///      vault; DEGEN comes from the vault when it covers the stake, else by allowance.
    /// @param token DEGEN or address(0)
    /// @param amount the stake in base units
    /// @param gameType 0 WHEEL, 1 SLOTS, 2 BLACKJACK, 3 KICKBOXING, 4 CRASH, 5 DICE
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
        betId = _open(ISessionCasino.BetInput(msg.sender, token, amount, gameType, params, clientSeed, CasinoLedger.ANY_NONCE, expectedCommit, expectedTerms), false, 0);
        (uint256 held, uint256 heldUntil) = _held(msg.sender, token);
        // A one-click bet on this nonce that the server accepted is forfeited, not cancelled, should it come after (SessionPlay).
        if (heldUntil != 0) _s.walletBetsInSession[betId] = true;
        _takeStake(token, amount, held);
    }

    /// @notice Places a bet its player's session key signed, to be settled later, from the
    ///         player's vault (sessions only: see CasinoSessions.place).
    /// @param bet the bet as signed, its nonce the player's next
    /// @return betId `player << 64 | nonce`
    /// @param deadline the signed bet's deadline (CasinoLimits.beforeBet)
    function placeFor(ISessionCasino.BetInput calldata bet, uint256 deadline)
        external
        nonReentrant
        onlySessions
        supportedToken(bet.token)
        returns (uint256 betId)
    {
        betId = _open(bet, true, deadline);
        _s.takeFromVault(bet.player, bet.token, bet.amount);
    }

    /// @notice Places and settles, in one go, bets of games that need no decision, from their
    ///         players' vaults, each with its seed: the payout is computed by the rules and credited
    ///         at once (sessions only: see CasinoSessions.play). A bet the sessions refused, or
    ///         that cannot be placed now, is skipped (`BetSkipped`) and the others settle. The
    ///         jackpot draws of DEGEN bets wait for this block's hash: `JackpotTicketsIssued`,
    ///         then drawJackpots.
    /// @param bets the bets as signed; each its player's next nonce, with no bet of the player open
    /// @param seeds their seeds
    /// @param refusals for each bet, the selector of the error the sessions refused it with (0: accepted)
    /// @return payouts what each bet paid into its player's vault (SKIPPED_PAYOUT | reason: skipped)
    function playFor(ISessionCasino.SignedBet[] calldata bets, bytes32[] calldata seeds, bytes4[] calldata refusals)
        external
        nonReentrant
        onlySessions
        returns (uint256[] memory payouts)
    {
        // SessionPlay.playFor(_s, _env(), bets, seeds, refusals), the arrays copied whole rather
        // than encoded again field by field (bench/session-gas.ts): the library's head (selector,
        // storage slot, environment, the arrays' offsets), then each array's length and items.
        uint256 slot;
        uint256 betsStart;
        uint256 seedsStart;
        uint256 refusalsStart;
        // Assembly: the storage slot and the arrays' calldata offsets have no Solidity expression.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            slot := _s.slot
            betsStart := sub(bets.offset, 32)
            seedsStart := sub(seeds.offset, 32)
            refusalsStart := sub(refusals.offset, 32)
        }
        uint256 betsSize = 32 + bets.length * SIGNED_BET_SIZE;
        uint256 seedsSize = 32 + seeds.length * 32;
        bytes memory call = bytes.concat(
            abi.encodeWithSelector(SessionPlay.playFor.selector, slot, _env(), PLAY_HEAD_SIZE, PLAY_HEAD_SIZE + betsSize, PLAY_HEAD_SIZE + betsSize + seedsSize),
            msg.data[betsStart:betsStart + betsSize],
            msg.data[seedsStart:seedsStart + seedsSize],
            msg.data[refusalsStart:refusalsStart + 32 + refusals.length * 32]
        );
        payouts = abi.decode(Address.functionDelegateCall(address(SessionPlay), call), (uint256[]));
    }

    /// @notice The second stake of a blackjack split, equal to the first, paid by the bet's player
    ///         (vault, allowance or msg.value as in playGame) while the bet is open and unexpired.
    ///         On a deal that allows no split the split is void: the stake comes back at settlement.
    /// @param betId the open blackjack bet
    function addStake(uint256 betId) external payable nonReentrant {
        if (msg.sender != CasinoLedger.playerOf(betId)) revert NotBetPlayer();
        (uint256 stake, address token) = _addStake(betId);
        (uint256 held, ) = _held(msg.sender, token);
        _takeStake(token, stake, held);
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

    /// @notice Gives up the caller's hash chain while no bet of theirs is open and no session of
    ///         theirs lives, so that the settler may post a new one (the house's way out is only a
    ///         chain that runs out). A session's bets the server accepted would find no chain.
    function abandonCommitment() external {
        PlayerState storage state = _s.players[msg.sender];
        if (state.resolved != state.nextNonce) revert OpenBetExists();
        (, uint256 heldUntil) = _held(msg.sender, NATIVE);
        if (heldUntil != 0) revert SessionLive(heldUntil);
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

    /// @notice Settles several bets in order (settler only). A bet that cannot be settled as given
    ///         (resolved already, behind a skipped bet of its player, a wrong seed, another payout
    ///         than the rules give, e.g. after a split mined just before) is skipped with
    ///         `SettlementSkipped(betId, reason)` and left open and unchanged, with its player's
    ///         chain, for a later call; every other bet settles. Arrays of different lengths revert.
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

    /// @notice Marks a player whose bets must consult the limits they set for themselves (the
    ///         limits contract only, once the player sets any).
    /// @param player the player
    function setLimited(address player) external {
        if (msg.sender != address(limits)) revert NotLimits();
        _s.players[player].limited = true;
    }

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

    /// @notice The bet id of a player's nonce.
    function betIdOf(address player, uint64 nonce) external pure returns (uint256) {
        return (uint256(uint160(player)) << 64) | nonce;
    }

    /// @notice The random word of a bet on this chain and contract (engine/README.md).
    function computeRandom(bytes32 seed, bytes32 clientSeed, address player, uint256 nonce) external view returns (bytes32) {
        return FairRandom.word(seed, clientSeed, player, nonce, block.chainid, address(this));
    }

    /// @dev Opens a bet: terms, limits (the Casino's and the player's own), nonce and commitment
    ///      checked, its maximum payout reserved, its record stored and announced. The stake is the
    ///      caller's to take.
    function _open(ISessionCasino.BetInput memory bet, bool relayed, uint256 deadline) private returns (uint256 betId) {
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
        if (_s.players[bet.player].limited) limits.beforeBet(bet.player, bet.token == NATIVE, bet.amount, deadline);
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
        if (_s.players[player].limited) limits.beforeBet(player, bet.isNative, stake, 0);
        emit StakeAdded(betId, player, stake);
    }

    /// @dev Stores an open bet with its terms, among them the prize a hit wins (the share of the
    ///      pool now; 0 for BNB and for a bet without jackpot odds), and announces it.
    function _recordBet(uint256 betId, ISessionCasino.BetInput memory input, Config memory cfg) private {
        bool isNative = input.token == NATIVE;
        (uint256 prize, ) = isNative ? (0, 0) : FairRandom.betJackpot(input.amount, cfg.jackpotEdgeBps, _s.jackpotPool, cfg.jackpotShareBps);
        Bet memory bet;
        bet.clientSeed = input.clientSeed;
        bet.stake = uint80(input.amount); // ≤ maxBet: its maximum payout, above the stake, is capped at 2^80 − 1
        bet.claimableAt = uint32(block.timestamp + cfg.settleWindow);
        bet.placedBlock = uint32(block.number);
        bet.params = uint16(input.params); // checked by Payouts.ratio: at most 10,000 (crash), 2^15 − 1 (dice)
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

    /// @dev Takes a stake for the caller: BNB from msg.value when sent, else from the vault;
    ///      DEGEN from the vault when it covers the stake, else from the wallet by allowance. The
    ///      vault pays only above what the caller's sessions hold there (`held`).
    function _takeStake(address token, uint256 amount, uint256 held) private {
        if (msg.value != 0) {
            if (token != NATIVE || msg.value != amount) revert ValueMismatch(msg.value, amount);
            _s.accounted[NATIVE] += amount;
            return;
        }
        uint256 balance = _s.balanceOf(msg.sender, token);
        if (balance >= amount + held) {
            _s.setBalance(msg.sender, token, balance - amount);
        } else if (token == NATIVE) {
            revert InsufficientBalance(balance, amount + held);
        } else {
            _collect(token, amount);
        }
    }
}
