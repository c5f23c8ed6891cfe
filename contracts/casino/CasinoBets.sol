// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {FairRandom} from "../FairRandom.sol";
import {Payouts} from "../Payouts.sol";
import {ISessionCasino, SIGNED_BET_SIZE} from "../interfaces/ISessionCasino.sol";
import {CasinoStorage, Config, PlayerState, Lane, Bet} from "./CasinoStorage.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {SessionPlay} from "./SessionPlay.sol";
import {BetClaims} from "./BetClaims.sol";
import {BetSettlement} from "./BetSettlement.sol";
import {CasinoBase} from "./CasinoBase.sol";

/// @title CasinoBets
/// @notice Bets: commitments, placing (from the wallet, or signed by a session key on its lane), a
///         split's second stake, settlement with the payout the rules compute, claims of bets left
///         open, and the views a bet is placed and checked by.
abstract contract CasinoBets is CasinoBase {
    using SafeCast for uint256;
    using CasinoLedger for CasinoStorage;

    /// @dev SessionPlay.playFor's arguments' head: the storage slot, the environment's three
    ///      addresses, and the offsets of the bets, of the seeds and of the refusals.
    uint256 private constant PLAY_HEAD_SIZE = 7 * 32;

    /// @notice Places a bet from the wallet lane: escrows the stake and reserves the bet's maximum
    ///         payout from the bankroll.
    /// @dev BNB comes from msg.value when it is non-zero (it must equal `amount`), else from the
    ///      vault; DEGEN comes from the vault when it covers the stake, else by allowance.
    /// @param token DEGEN or address(0)
    /// @param amount the stake in base units
    /// @param gameType 0 WHEEL, 1 SLOTS, 2 BLACKJACK, 3 KICKBOXING, 4 CRASH, 5 DICE, 6 PLINKO, 7 MINES
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
        Config memory cfg = _s.config;
        if (cfg.paused) revert IsPaused();
        uint256 currentTerms = CasinoLedger.termsOf(cfg);
        if (expectedTerms != currentTerms) revert TermsChanged(currentTerms);
        ISessionCasino.BetInput memory bet = ISessionCasino.BetInput(msg.sender, token, amount, gameType, params, clientSeed, 0, expectedTerms);
        (uint256 num, uint256 den) = _s.checkStake(bet, cfg);
        betId = (uint256(uint160(msg.sender)) << 64) | _s.takeNonce(msg.sender, expectedCommit);
        _s.openBet(betId, bet, cfg, num, den);
        if (_s.players[msg.sender].limited) limits.beforeBet(msg.sender, token == NATIVE, amount, 0);
        _takeStake(token, amount);
    }

    /// @notice Places a bet of a session's lane, to be settled later, from the lane's funds
    ///         (sessions only: see CasinoSessions.place).
    /// @param bet the bet as signed, its nonce the lane's next
    /// @param deadline the signed bet's deadline (the windows of docs/decisions.md §9)
    /// @return betId `player << 64 | nonce`
    function placeFor(ISessionCasino.BetInput calldata bet, uint256 deadline)
        external
        nonReentrant
        onlySessions
        supportedToken(bet.token)
        returns (uint256 betId)
    {
        return SessionPlay.placeFor(_s, _env(), bet, deadline);
    }

    /// @notice Opens a session's lane: its hash chain's root, and its funds taken from the
    ///         player's vault (sessions only: see CasinoSessions.openSession).
    /// @param player the session's player
    /// @param lane the lane's number, one of the player's own (CasinoSessions numbers them from 1)
    /// @param commit the root of the lane's hash chain, which the player's wallet signed
    /// @param degenFunds DEGEN the lane's bets may stake (the session's budget)
    /// @param nativeFunds BNB likewise
    function openLane(address player, uint32 lane, bytes32 commit, uint256 degenFunds, uint256 nativeFunds) external nonReentrant onlySessions {
        SessionPlay.openLane(_s, address(degen), player, lane, commit, degenFunds, nativeFunds);
    }

    /// @notice Gives what a lane holds back to its player's vault (sessions only: see
    ///         CasinoSessions.closeSession, once the session has ended).
    /// @return degenFunds DEGEN given back
    /// @return nativeFunds BNB given back
    function closeLane(address player, uint32 lane) external nonReentrant onlySessions returns (uint256 degenFunds, uint256 nativeFunds) {
        return SessionPlay.closeLane(_s, address(degen), player, lane);
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
    ///         A lane's hand is split by its session key (CasinoSessions.split), from the lane.
    /// @param betId the open blackjack bet of the caller's wallet lane
    function addStake(uint256 betId) external payable nonReentrant {
        if (msg.sender != CasinoLedger.playerOf(betId) || CasinoLedger.laneOf(betId) != 0) revert NotBetPlayer();
        (uint256 stake, address token) = _s.addStake(betId, address(degen), limits);
        _takeStake(token, stake);
    }

    /// @notice The second stake of a lane's blackjack split that its session key signed, from the
    ///         lane's funds (sessions only: see CasinoSessions.split).
    /// @param betId the open blackjack bet of a lane
    function addStakeFor(uint256 betId) external nonReentrant onlySessions {
        SessionPlay.addStakeFor(_s, address(degen), limits, betId);
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

    /// @notice Gives up the caller's wallet hash chain while no wallet bet of theirs is open, so
    ///         that the settler may post a new one (the house's way out is only a chain that runs
    ///         out). A session's lane has a chain of its own, which this leaves as it is.
    function abandonCommitment() external {
        PlayerState storage state = _s.players[msg.sender];
        if (state.resolved != state.nextNonce) revert OpenBetExists();
        state.commit = bytes32(0);
        state.root = bytes32(0);
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
    function settleFor(uint256 betId, bytes32 seed, bytes calldata actions) external nonReentrant onlySessions {
        BetSettlement.settle(_s, _env(), betId, seed, 0, actions, false);
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
        return _s.maxBetFor(player, token, num, den, Payouts.roomOf(gameType, params), _s.config);
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

    /// @notice A session's lane (commit 0: never opened).
    /// @return commit the lane's commitment (the last revealed seed, or the chain's root)
    /// @return nextNonce the lane's next nonce, `lane << 32 | n`
    /// @return nextToResolve the nonce of the lane's oldest open bet (= nextNonce when none)
    /// @return funds what the lane holds for its bets: DEGEN, then BNB
    function laneOf(address player, uint32 lane) external view returns (bytes32 commit, uint256 nextNonce, uint256 nextToResolve, uint256[2] memory funds) {
        Lane memory state = _s.lanes[(uint256(uint160(player)) << 32) | lane];
        uint256 base = uint256(lane) << 32;
        return (state.commit, base | state.next, base | state.resolved, [uint256(state.degenFunds), uint256(state.nativeFunds)]);
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
}
