// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {CasinoLedger} from "./casino/CasinoLedger.sol";
import {Payouts} from "./Payouts.sol";
import {ISessionCasino, ACCEPTANCE_WINDOW, SIGNED_BET_SIZE, SKIPPED_PAYOUT} from "./interfaces/ISessionCasino.sol";

/// @title CasinoSessions
/// @notice One-click play. A player's wallet signs, once, a session for a key the browser holds:
///         until when, which tokens and games, the largest stake, the session's budget, and the
///         root of the hash chain the house committed to for it. The session is a lane of its own
///         in the Casino (docs/decisions.md §4, "lanes"): its own nonces, its own hash chain, and
///         its own funds, the budget taken from the player's vault when it opens and given back
///         when it ends. Bets and actions that key signs are sent by the house's settler, which
///         pays the gas and cannot forge, change, replay or reorder them, only delay them; a bet
///         the house countersigned may be placed by anyone (the player, when the server does not).
///         The key signs the hash of a bet's client seed, so the house countersigns it before it
///         can know the outcome, and has no last look at a winner. Nothing the player does after
///         the house accepted a bet, with this session, another one or the wallet, can make it
///         fail: no one but the lane's bets moves the lane's funds or nonces, and a revocation
///         ends the session only ACCEPTANCE_WINDOW later.
///         The key can never withdraw or swap, and never bet beyond the session's terms; the
///         player revokes it with one transaction.
/// @dev    Why only the settler sends seeds and actions (docs/protocol.md "One-click play"): a
///         play transaction shows its seeds while it waits to be mined, and a settlement its
///         seed. Were anyone allowed to send them, a player could read the seed of a bet not
///         yet placed and place another bet of their key on that nonce, or settle a hand with
///         other actions of their key, chosen to win. The settler never countersigns two bets
///         of one nonce. A lane's seeds settle its own bets only: no wallet bet, nor another
///         session's, can be placed with one.
/// @dev Deployed before the Casino, bound to its address predicted from the deployer's nonce (as
///      DegenToken is); the Casino's constructor refuses sessions bound to another address, and
///      accepts openLane / closeLane / playFor / placeFor / addStakeFor / settleFor from them
///      alone. A session is one slot, by player and key, so that a bet reads one slot here and
///      writes none. Largest stakes are kept in units of 10^9 base units, rounded down; the
///      budgets, which become the lane's funds, to the base unit.
contract CasinoSessions is EIP712 {
    bytes32 public constant SESSION_TYPEHASH =
        keccak256(
            "Session(address player,address key,bytes32 commit,uint256 expiresAt,uint256 tokens,uint256 games,uint256 maxBetDegen,uint256 maxBetNative,uint256 budgetDegen,uint256 budgetNative)"
        );
    bytes32 public constant BET_TYPEHASH =
        keccak256(
            "Bet(address player,address token,uint256 amount,uint256 game,uint256 params,bytes32 clientSeedHash,uint256 nonce,uint256 terms,uint256 deadline)"
        );
    bytes32 public constant ACTIONS_TYPEHASH = keccak256("Actions(uint256 betId,bytes actions)");
    bytes32 public constant ACTION_KEY_TYPEHASH = keccak256("ActionKey(address player,uint256 betId,address key)");

    /// @notice The longest a session may last.
    uint256 public constant MAX_SESSION = 24 hours;
    /// @notice How long after the settler is replaced its countersignatures still place bets.
    ///         The server countersigns only bets of a session it opened, which lasts at most
    ///         MAX_SESSION from then, and a bet is placed only while its session lasts: so every
    ///         bet the replaced settler accepted lands within this grace or never, and its player
    ///         can still place it. A leaked replaced key countersigns nothing past it.
    uint256 public constant RETIRED_SETTLER_GRACE = MAX_SESSION;
    /// @notice The one bound of every window (ISessionCasino's ACCEPTANCE_WINDOW): a revocation
    ///         ends its session this long after it, so that the bets the server accepted before
    ///         it land.
    uint256 public constant BET_ACCEPTANCE_WINDOW = ACCEPTANCE_WINDOW;
    uint256 private constant UNIT = 1e9;
    uint256 private constant TOKEN_DEGEN = 1;
    uint256 private constant TOKEN_NATIVE = 2;
    /// @notice Bit g for each game type g the Casino numbers (Payouts.GAME_COUNT): a grant's other bits are dropped.
    uint256 private constant ALL_GAMES = (1 << Payouts.GAME_COUNT) - 1;
    /// @dev The head of Casino.playFor's arguments: the offsets of the bets, seeds and refusals.
    uint256 private constant PLAY_FOR_HEAD_SIZE = 3 * 32;
    /// @dev The signed fields of a Bet in the ABI: nine words (ISessionCasino.SignedBet's bet and deadline).
    uint256 private constant BET_FIELDS_SIZE = 9 * 32;
    /// @dev Where the client seed lies among them (the sixth word), and where its hash goes in the struct hash's preimage.
    uint256 private constant CLIENT_SEED_OFFSET = 0xa0;

    /// @notice What the player's wallet signs to open a session (EIP-712 `Session`).
    struct Grant {
        address player;
        address key;
        bytes32 commit; // the root of the lane's hash chain, which the house derived for this key
        uint256 expiresAt;
        uint256 tokens; // bit 0 DEGEN, bit 1 BNB
        uint256 games; // bit g: game type g
        uint256 maxBetDegen;
        uint256 maxBetNative;
        uint256 budgetDegen; // what the lane takes from the vault for its bets
        uint256 budgetNative;
    }

    /// @notice A session as stored, by player and key: one slot.
    struct Session {
        uint64 maxBetDegen; // units of 10^9 base units; 0: DEGEN is not the session's
        uint64 maxBetNative;
        uint32 expiresAt; // 0: never opened; a revocation brings it within BET_ACCEPTANCE_WINDOW
        uint32 lane; // the session's lane, its bets' nonces `lane << 32 | n`
        uint32 revokedBlock; // 0: not revoked
        uint8 games; // bit g: game type g
    }

    /// @notice The Casino whose bets these sessions place.
    ISessionCasino public immutable casino;
    /// @notice The Casino's DEGEN token, the one token besides BNB a session holds.
    address public immutable degen;

    mapping(address player => mapping(address key => Session)) private _sessions;
    /// How many lanes each player opened: a new session takes the next.
    mapping(address player => uint32 lanes) private _lanes;

    event SessionOpened(
        address indexed player,
        address indexed key,
        uint256 lane,
        bytes32 commit,
        uint256 expiresAt,
        uint256 tokens,
        uint256 games,
        uint256 maxBetDegen,
        uint256 maxBetNative,
        uint256 budgetDegen,
        uint256 budgetNative
    );
    event SessionRevoked(address indexed player, address indexed key);
    /// @notice A session that has ended gave what its lane held back to the vault.
    event SessionClosed(address indexed player, address indexed key, uint256 degen, uint256 native);

    error InvalidSignature();
    error SessionExists(address key);
    error SessionTooLong(uint256 expiresAt, uint256 latest);
    error SessionRevokedError(address key);
    error SessionExpired(uint256 expiresAt);
    /// @notice The session is still open: its lane's funds are its bets' until it ends.
    error SessionNotEnded(uint256 endsAt);
    /// @notice The key holds no session of this player (never opened, or another player's).
    error NotSessionPlayer(address key, address player);
    /// @notice The bet is not of this key's lane.
    error NotBetSession(uint256 betId, address key);
    error TokenNotAllowed(address token);
    error GameNotAllowed(uint256 game);
    error AboveSessionMaxBet(uint256 amount, uint256 maxBet);
    error BetExpiredDeadline(uint256 deadline);
    error LengthMismatch();
    /// @notice Only the house's settler sends seeds and actions (see the contract's notes).
    error NotRelayer(address caller);
    /// @notice An address may not be zero.
    error ZeroAddress();

    /// @dev Deployed before the Casino, which checks that `casino_` is its own address
    ///      (ICasino.SessionsNotBoundToCasino): scripts/casino-contracts.ts predicts it from the
    ///      deployer's nonce.
    /// @param casino_ the Casino whose bets these sessions place (deployed after them)
    /// @param degen_ the Casino's DEGEN token
    constructor(address casino_, address degen_) EIP712("DEGEN Casino Sessions", "1") {
        if (casino_ == address(0) || degen_ == address(0)) revert ZeroAddress();
        casino = ISessionCasino(casino_);
        degen = degen_;
    }

    // ───────────────────────────── the session ─────────────────────────────

    /// @notice Opens the session a player's wallet signed (an EOA's or, by EIP-1271, a contract
    ///         wallet's signature); anyone may submit it. A key opens one session, once. The
    ///         session gets the player's next lane, with the hash chain the grant names, and the
    ///         budget of each of its tokens moves from the player's vault into the lane.
    /// @param grant the signed session
    /// @param signature the player's EIP-712 signature of `grant`
    function openSession(Grant calldata grant, bytes calldata signature) external {
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(SESSION_TYPEHASH, grant)));
        if (!SignatureChecker.isValidSignatureNow(grant.player, digest, signature)) revert InvalidSignature();
        Session storage session = _sessions[grant.player][grant.key];
        if (session.expiresAt != 0 || session.revokedBlock != 0) revert SessionExists(grant.key);
        uint256 latest = block.timestamp + MAX_SESSION;
        if (grant.expiresAt > latest) revert SessionTooLong(grant.expiresAt, latest);
        if (grant.expiresAt <= block.timestamp) revert SessionExpired(grant.expiresAt);
        bool withDegen = grant.tokens & TOKEN_DEGEN != 0;
        bool withNative = grant.tokens & TOKEN_NATIVE != 0;
        uint32 lane = ++_lanes[grant.player];
        session.maxBetDegen = withDegen ? _units(grant.maxBetDegen) : 0;
        session.maxBetNative = withNative ? _units(grant.maxBetNative) : 0;
        session.expiresAt = uint32(grant.expiresAt); // below now + 24 h
        session.lane = lane;
        session.games = uint8(grant.games & ALL_GAMES);
        uint256 degenFunds = withDegen ? grant.budgetDegen : 0;
        uint256 nativeFunds = withNative ? grant.budgetNative : 0;
        casino.openLane(grant.player, lane, grant.commit, degenFunds, nativeFunds);
        emit SessionOpened(
            grant.player,
            grant.key,
            lane,
            grant.commit,
            grant.expiresAt,
            grant.tokens & 3,
            grant.games & ALL_GAMES,
            grant.maxBetDegen,
            grant.maxBetNative,
            degenFunds,
            nativeFunds
        );
    }

    /// @notice Ends a session of the caller: its key can split or act on no hand placed from this
    ///         block on, and the session ends BET_ACCEPTANCE_WINDOW from now at the latest, when
    ///         every bet the server accepted before has landed or passed its deadline (the server
    ///         refuses the key's bets from now on). Revoking never cancels a bet the server took,
    ///         nor changes how a hand already open settles, nor touches another session. A key not
    ///         opened yet is revoked too, so it can never open for the caller.
    /// @param key the session key
    function revokeSession(address key) external {
        Session storage session = _sessions[msg.sender][key];
        if (session.revokedBlock == 0) {
            session.revokedBlock = uint32(block.number);
            uint256 end = block.timestamp + ACCEPTANCE_WINDOW;
            // A session that ends sooner by itself (or was never opened) keeps its end.
            if (end < session.expiresAt) session.expiresAt = uint32(end);
        }
        emit SessionRevoked(msg.sender, key);
    }

    /// @notice Gives what an ended session's lane holds back to its player's vault; anyone may call
    ///         it, as often as a payout of a hand the lane still had open lands there.
    /// @param player the session's player
    /// @param key the session key
    function closeSession(address player, address key) external {
        Session memory session = _sessions[player][key];
        if (session.lane == 0) revert NotSessionPlayer(key, player);
        if (block.timestamp <= session.expiresAt) revert SessionNotEnded(session.expiresAt);
        (uint256 degenFunds, uint256 nativeFunds) = casino.closeLane(player, session.lane);
        emit SessionClosed(player, key, degenFunds, nativeFunds);
    }

    // ───────────────────────────── bets ─────────────────────────────

    /// @notice Places and settles signed bets of games that need no decision (wheel, slots,
    ///         kickboxing, crash with an auto cash-out, dice, plinko), each with the house's seed
    ///         from its lane's chain, in one transaction: the result is final in this block. A
    ///         lane's bets in nonce order. A bet that fails (only the house can make one fail: its
    ///         deadline, new terms, the bankroll) is skipped with `BetSkipped(player, nonce,
    ///         reason)` and its nonce left as it was; every other bet settles. Settler only; only
    ///         arrays of different lengths and a pause revert.
    /// @param bets the signed bets
    /// @param seeds their seeds, the next links of their lanes' hash chains
    /// @return refusals for each bet, 0 when it settled, else the selector of the error it was
    ///         skipped for: what a simulation of the batch reads (server/README.md)
    function play(ISessionCasino.SignedBet[] calldata bets, bytes32[] calldata seeds) external returns (bytes4[] memory refusals) {
        _onlyRelayer();
        uint256 count = bets.length;
        if (seeds.length != count) revert LengthMismatch();
        refusals = new bytes4[](count);
        for (uint256 i; i < count; ++i) (, refusals[i]) = _betRefusal(bets[i]);
        bytes memory returned = Address.functionCall(address(casino), _playForCall(bets, seeds, refusals));
        uint256[] memory payouts = abi.decode(returned, (uint256[]));
        for (uint256 i; i < count; ++i) {
            if (payouts[i] & SKIPPED_PAYOUT != 0 && refusals[i] == 0) refusals[i] = bytes4(uint32(payouts[i]));
        }
    }

    /// @notice Places a signed bet to be settled later: an interactive game's (blackjack, mines,
    ///         crash with a manual cash-out), or any bet sent without its seed. The settler sends
    ///         it, or anyone with the settler's countersignature (the player, when the server does
    ///         not): the house then settles it with its lane's seed, exactly as if it had been
    ///         played with it.
    /// @param signed the signed bet
    /// @param countersignature empty from the settler; else the settler's signature of the same
    ///        EIP-712 `Bet` the key signed, given when the server accepted the bet (by a settler
    ///        since replaced: within RETIRED_SETTLER_GRACE of its replacement)
    /// @return betId the bet's id
    function place(ISessionCasino.SignedBet calldata signed, bytes calldata countersignature) external returns (uint256 betId) {
        address settler = casino.settler();
        if (msg.sender != settler) {
            (address signer, , ) = ECDSA.tryRecover(_betDigest(signed), countersignature);
            if (signer != settler && !_inRetiredGrace(signer)) revert NotRelayer(msg.sender);
        }
        (bytes memory refusal, ) = _betRefusal(signed);
        if (refusal.length != 0) _revert(refusal);
        betId = casino.placeFor(signed.bet, signed.deadline);
    }

    /// @notice The second stake of a blackjack split, from the hand's lane, on the split its
    ///         session key signed (Actions(betId, "P")): no wallet popup. A lane's hand is split
    ///         by its own session's key alone, before the session ends or is revoked.
    /// @param betId the open hand
    /// @param signature the session key's EIP-712 signature of Actions(betId, "P")
    function split(uint256 betId, bytes calldata signature) external {
        address key = _actionSigner(betId, "P", signature);
        Session memory session = _sessions[CasinoLedger.playerOf(betId)][key];
        if (session.lane == 0 || session.lane != CasinoLedger.laneOf(betId)) revert NotBetSession(betId, key);
        if (session.revokedBlock != 0) revert SessionRevokedError(key);
        if (block.timestamp > session.expiresAt) revert SessionExpired(session.expiresAt);
        casino.addStakeFor(betId);
    }

    /// @notice Settles an open hand, mines round or manual crash round with the actions its player
    ///         signed: by the session key of the bet's lane (for a wallet bet, any session key of
    ///         the player), or by a key the player's wallet named for this bet alone (`keyGrant`,
    ///         the EIP-712 `ActionKey` signature, for a player without a session). Settler only:
    ///         the seed is public once sent, and only the house chooses which log of the player's
    ///         came in time (contracts/README.md "Trust assumptions"). The payout is computed by
    ///         the Casino's rules from the seed and these actions, and paid where the stake came
    ///         from. A session key's actions count after the session's end, and after its
    ///         revocation on a hand placed in an earlier block: else a player who lost a hand
    ///         would revoke the key and turn the log they signed into the auto-stand.
    /// @param betId the open bet
    /// @param seed the bet's seed
    /// @param actions the signed action log (blackjack "H"/"S"/"P"; mines a tile 'a'–'y' or "C"; crash: the cash-out multiplier)
    /// @param signature the key's EIP-712 signature of Actions(betId, actions)
    /// @param keyGrant empty for a session key; else the wallet's signature of ActionKey(player, betId, key)
    function settle(uint256 betId, bytes32 seed, bytes calldata actions, bytes calldata signature, bytes calldata keyGrant) external {
        _onlyRelayer();
        address key = _actionSigner(betId, actions, signature);
        address player = CasinoLedger.playerOf(betId);
        if (keyGrant.length != 0) {
            bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(ACTION_KEY_TYPEHASH, player, betId, key)));
            if (!SignatureChecker.isValidSignatureNow(player, digest, keyGrant)) revert InvalidSignature();
        } else {
            Session memory session = _sessions[player][key];
            if (session.lane == 0) revert NotSessionPlayer(key, player);
            uint32 lane = CasinoLedger.laneOf(betId);
            if (lane != 0 && lane != session.lane) revert NotBetSession(betId, key);
            if (session.revokedBlock != 0 && casino.getBet(betId).placedBlock >= session.revokedBlock) {
                revert SessionRevokedError(key);
            }
        }
        casino.settleFor(betId, seed, actions);
    }

    // ───────────────────────────── views ─────────────────────────────

    /// @notice A player's session by its key (lane 0: never opened). Largest stakes in base units.
    /// @return lane the session's lane
    /// @return expiresAt when the session ends (a revocation brings it within BET_ACCEPTANCE_WINDOW)
    /// @return tokens bit 0 DEGEN, bit 1 BNB
    /// @return games bit g: game type g
    /// @return revoked whether the player revoked it
    /// @return maxBet the largest stake, DEGEN then BNB
    function sessionOf(address player, address key)
        external
        view
        returns (uint256 lane, uint256 expiresAt, uint256 tokens, uint256 games, bool revoked, uint256[2] memory maxBet)
    {
        Session memory s = _sessions[player][key];
        return (
            s.lane,
            s.expiresAt,
            (s.maxBetDegen == 0 ? 0 : TOKEN_DEGEN) | (s.maxBetNative == 0 ? 0 : TOKEN_NATIVE),
            s.games,
            s.revokedBlock != 0,
            [uint256(s.maxBetDegen) * UNIT, uint256(s.maxBetNative) * UNIT]
        );
    }

    /// @notice How many lanes a player's sessions opened (the next session gets the next).
    function lanesOf(address player) external view returns (uint256) {
        return _lanes[player];
    }

    /// @notice The EIP-712 domain separator (chain id and this contract's address included).
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    // ───────────────────────────── internals ─────────────────────────────

    /// @dev Checks a signed bet against its key's session, writing nothing: what refuses it
    ///      (empty: nothing), and its selector. A session takes a bet whose deadline falls within
    ///      its life, however late in that life the bet lands, so a revocation, which ends it
    ///      BET_ACCEPTANCE_WINDOW later, never refuses a bet the server accepted before it.
    function _betRefusal(ISessionCasino.SignedBet calldata signed) private view returns (bytes memory refusal, bytes4 selector) {
        refusal = _refusalOf(signed);
        selector = bytes4(refusal);
    }

    function _refusalOf(ISessionCasino.SignedBet calldata signed) private view returns (bytes memory) {
        uint256 deadline = signed.deadline;
        if (block.timestamp > deadline) return abi.encodeWithSelector(BetExpiredDeadline.selector, deadline);
        (address key, ECDSA.RecoverError recoverError, bytes32 errorArg) = ECDSA.tryRecover(_betDigest(signed), signed.r, signed.vs);
        if (recoverError == ECDSA.RecoverError.InvalidSignature) return abi.encodeWithSelector(ECDSA.ECDSAInvalidSignature.selector);
        if (recoverError != ECDSA.RecoverError.NoError) return abi.encodeWithSelector(ECDSA.ECDSAInvalidSignatureS.selector, errorArg);
        ISessionCasino.BetInput calldata bet = signed.bet;
        Session memory session = _sessions[bet.player][key];
        if (session.lane == 0) return abi.encodeWithSelector(NotSessionPlayer.selector, key, bet.player);
        uint256 betId = (uint256(uint160(bet.player)) << 64) | bet.nonce;
        if (CasinoLedger.laneOf(betId) != session.lane) return abi.encodeWithSelector(NotBetSession.selector, betId, key);
        if (deadline > session.expiresAt) return abi.encodeWithSelector(SessionExpired.selector, session.expiresAt);
        bool native = bet.token == address(0);
        uint256 maxBet = native ? session.maxBetNative : bet.token == degen ? session.maxBetDegen : 0;
        if (maxBet == 0) return abi.encodeWithSelector(TokenNotAllowed.selector, bet.token);
        uint256 game = bet.gameType;
        if (game >= Payouts.GAME_COUNT || session.games & (1 << game) == 0) return abi.encodeWithSelector(GameNotAllowed.selector, game);
        if (bet.amount > maxBet * UNIT) return abi.encodeWithSelector(AboveSessionMaxBet.selector, bet.amount, maxBet * UNIT);
        return "";
    }

    /// @dev The EIP-712 digest of a signed bet: hashStruct(Bet) is keccak256 of the type hash and
    ///      the nine fields as ABI words in the type's order (player, token, amount, game, params,
    ///      clientSeedHash, nonce, terms, deadline), which are the signed bet's first nine words in
    ///      calldata, hashed where they lie rather than encoded again one by one
    ///      (bench/session-gas.ts), but for the sixth: the key signs keccak256 of the client
    ///      seed, and the bet carries the seed itself. So the settler countersigns a bet before
    ///      it can know its outcome (its own seed is known to it, the player's is not), and the
    ///      seed revealed after must be the one signed (contracts/README.md "Trust assumptions").
    ///      A word with dirty high bits would give another digest, and the Casino's decoding of
    ///      the same bet refuses it all the same.
    function _betDigest(ISessionCasino.SignedBet calldata signed) private view returns (bytes32) {
        bytes32 typeHash = BET_TYPEHASH;
        bytes32 structHash;
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), signed, BET_FIELDS_SIZE)
            let seedWord := add(ptr, add(0x20, CLIENT_SEED_OFFSET))
            mstore(seedWord, keccak256(seedWord, 0x20))
            structHash := keccak256(ptr, add(BET_FIELDS_SIZE, 0x20))
        }
        return _hashTypedDataV4(structHash);
    }

    /// @dev Whether `signer` is a former settler replaced at most RETIRED_SETTLER_GRACE ago. Asked
    ///      only of a countersignature that is not the current settler's, so a bet the current
    ///      settler countersigned pays no more gas than before.
    function _inRetiredGrace(address signer) private view returns (bool) {
        if (signer == address(0)) return false;
        uint256 retiredAt = casino.settlerRetiredAt(signer);
        return retiredAt != 0 && block.timestamp <= retiredAt + RETIRED_SETTLER_GRACE;
    }

    function _onlyRelayer() private view {
        if (msg.sender != casino.settler()) revert NotRelayer(msg.sender);
    }

    /// @dev casino.playFor(bets, seeds, refusals): the bets and seeds as this call's calldata holds
    ///      them, copied whole rather than encoded again field by field (bench/session-gas.ts).
    function _playForCall(ISessionCasino.SignedBet[] calldata bets, bytes32[] calldata seeds, bytes4[] memory refusals)
        private
        pure
        returns (bytes memory)
    {
        uint256 betsStart;
        uint256 seedsStart;
        // Assembly: the arrays' calldata offsets have no Solidity expression.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            betsStart := sub(bets.offset, 32)
            seedsStart := sub(seeds.offset, 32)
        }
        uint256 betsSize = 32 + bets.length * SIGNED_BET_SIZE;
        uint256 seedsSize = 32 + seeds.length * 32;
        return
            bytes.concat(
                abi.encodeWithSelector(
                    ISessionCasino.playFor.selector,
                    PLAY_FOR_HEAD_SIZE,
                    PLAY_FOR_HEAD_SIZE + betsSize,
                    PLAY_FOR_HEAD_SIZE + betsSize + seedsSize
                ),
                msg.data[betsStart:betsStart + betsSize],
                msg.data[seedsStart:seedsStart + seedsSize],
                abi.encodePacked(refusals.length, refusals)
            );
    }

    /// @dev Reverts with an error's ABI encoding, as a `revert Error(...)` would.
    function _revert(bytes memory error) private pure {
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            revert(add(error, 0x20), mload(error))
        }
    }

    function _actionSigner(uint256 betId, bytes memory actions, bytes calldata signature) private view returns (address) {
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(ACTIONS_TYPEHASH, betId, keccak256(actions))));
        return ECDSA.recover(digest, signature);
    }

    /// @dev An amount of a grant in units, at most uint64's maximum.
    function _units(uint256 amount) private pure returns (uint64) {
        return uint64(Math.min(amount / UNIT, type(uint64).max));
    }
}
