// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SignedMath} from "@openzeppelin/contracts/utils/math/SignedMath.sol";
import {CasinoLedger} from "./casino/CasinoLedger.sol";
import {Payouts} from "./Payouts.sol";
import {ISessionCasino, ACCEPTANCE_WINDOW, SIGNED_BET_SIZE, SKIPPED_PAYOUT} from "./interfaces/ISessionCasino.sol";

/// @title CasinoSessions
/// @notice One-click play. A player's wallet signs, once, a session for a key the browser holds:
///         until when, which tokens and games, the largest stake and the most the session may
///         lose. Bets and actions that key signs are sent by the house's settler, which pays the
///         gas and cannot forge, change, replay or reorder them, only delay them; a bet the
///         house countersigned may be placed by anyone (the player, when the server does not).
///         The key signs the hash of a bet's client seed, so the house countersigns it before it
///         can know the outcome, and has no last look at a winner.
///         The key can never withdraw or swap, and never bet beyond the session's terms; the
///         player revokes it with one transaction.
/// @dev    Why only the settler sends seeds and actions (docs/protocol.md "One-click play"): a
///         play transaction shows its seeds while it waits to be mined, and a settlement its
///         seed. Were anyone allowed to send them, a player could read the seed of a bet not
///         yet placed and place another bet of their key on that nonce, or settle a hand with
///         other actions of their key, chosen to win. The settler never countersigns two bets
///         of one nonce, and a wallet bet is settled with another seed (PlayerState).
/// @dev Deployed before the Casino, bound to its address predicted from the deployer's nonce (as
///      DegenToken is); the Casino's constructor refuses sessions bound to another address, and
///      accepts playFor / placeFor / addStakeFor / settleFor from them alone. Sessions are kept by player and key, one slot per token, so that a bet
///      reads and writes one slot here. Amounts are kept in units of 10^9 base units, rounded
///      against the session: its terms down, a stake up, a payout down.
contract CasinoSessions is EIP712 {
    bytes32 public constant SESSION_TYPEHASH =
        keccak256(
            "Session(address player,address key,uint256 expiresAt,uint256 tokens,uint256 games,uint256 maxBetDegen,uint256 maxBetNative,uint256 budgetDegen,uint256 budgetNative)"
        );
    bytes32 public constant BET_TYPEHASH =
        keccak256(
            "Bet(address player,address token,uint256 amount,uint256 game,uint256 params,bytes32 clientSeedHash,uint256 nonce,bytes32 expectedCommit,uint256 terms,uint256 deadline)"
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
    /// @notice How long a bet the server accepted may take to land (ISessionCasino's
    ///         ACCEPTANCE_WINDOW): a revocation ends its session this long after it, and the
    ///         session's stake stays held until then.
    uint256 public constant BET_ACCEPTANCE_WINDOW = ACCEPTANCE_WINDOW;
    uint256 private constant UNIT = 1e9;
    uint256 private constant TOKEN_DEGEN = 1;
    uint256 private constant TOKEN_NATIVE = 2;
    /// @notice Bit g for each game type g the Casino numbers (Payouts.GAME_COUNT): a grant's other bits are dropped.
    uint256 private constant ALL_GAMES = (1 << Payouts.GAME_COUNT) - 1;
    uint256 private constant BLACKJACK = 2;
    /// @dev The head of Casino.playFor's arguments: the offsets of the bets, seeds and refusals.
    uint256 private constant PLAY_FOR_HEAD_SIZE = 3 * 32;
    /// @dev The signed fields of a Bet in the ABI: ten words (ISessionCasino.SignedBet's bet and deadline).
    uint256 private constant BET_FIELDS_SIZE = 320;
    /// @dev Where the client seed lies among them (the sixth word), and where its hash goes in the struct hash's preimage.
    uint256 private constant CLIENT_SEED_OFFSET = 0xa0;

    /// @notice What the player's wallet signs to open a session (EIP-712 `Session`).
    struct Grant {
        address player;
        address key;
        uint256 expiresAt;
        uint256 tokens; // bit 0 DEGEN, bit 1 BNB
        uint256 games; // bit g: game type g
        uint256 maxBetDegen;
        uint256 maxBetNative;
        uint256 budgetDegen;
        uint256 budgetNative;
    }

    /// @notice A session in one token: what it may stake and lose, what it has lost, until when,
    ///         which games: one slot. maxBet 0: the token is not the session's.
    struct Allowance {
        uint64 maxBet; // units of 10^9 base units
        uint64 budget; // units of 10^9 base units
        int64 lost; // net: stakes placed less payouts credited, in units of 10^9 base units
        uint32 expiresAt; // 0: never opened
        uint8 games; // bit g: game type g
        bool revoked;
    }

    /// @notice A session as stored, by player and key.
    struct Session {
        Allowance degen;
        Allowance native;
    }

    /// @notice What a session staked on a bet still open: the whole bet (it placed it) or only
    ///         the second stake of a split of a hand the wallet placed. Its payout, or half of it,
    ///         gives the session's budget back, whoever signs the actions.
    struct OpenStake {
        address key;
        bool whole;
    }

    /// @notice What a player's sessions hold in the vault: the largest stake of any session opened,
    ///         per token, until the last of them expires, or BET_ACCEPTANCE_WINDOW after one is
    ///         revoked. One bet of a player is relayed at a time, and the server takes a bet only
    ///         while the hold lasts past its deadline (docs/protocol.md §4.3), which a revocation
    ///         after it cannot change: a bet the server accepted always finds its stake, and a
    ///         withdrawal cannot cancel it.
    struct Hold {
        uint64 degen; // units of 10^9 base units
        uint64 native;
        uint32 until;
    }

    /// @notice The Casino whose bets these sessions place.
    ISessionCasino public immutable casino;
    /// @notice The Casino's DEGEN token, the one token besides BNB a session holds.
    address public immutable degen;

    mapping(address player => mapping(address key => Session)) private _sessions;
    mapping(uint256 betId => OpenStake) private _openStakes;
    /// The block of a key's first revocation: its logs still count for hands placed before it.
    mapping(address player => mapping(address key => uint256 block_)) private _revokedInBlock;
    mapping(address player => Hold) private _holds;

    event SessionOpened(
        address indexed player,
        address indexed key,
        uint256 expiresAt,
        uint256 tokens,
        uint256 games,
        uint256 maxBetDegen,
        uint256 maxBetNative,
        uint256 budgetDegen,
        uint256 budgetNative
    );
    event SessionRevoked(address indexed player, address indexed key);

    error InvalidSignature();
    error SessionExists(address key);
    error SessionTooLong(uint256 expiresAt, uint256 latest);
    error SessionRevokedError(address key);
    error SessionExpired(uint256 expiresAt);
    /// @notice The key holds no session of this player (never opened, or another player's).
    error NotSessionPlayer(address key, address player);
    error NotBetSession(uint256 betId, address key);
    error TokenNotAllowed(address token);
    error GameNotAllowed(uint256 game);
    error AboveSessionMaxBet(uint256 amount, uint256 maxBet);
    error SessionBudgetExceeded(uint256 lost, uint256 budget);
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
    ///         wallet's signature); anyone may submit it. A key opens one session, once.
    /// @param grant the signed session
    /// @param signature the player's EIP-712 signature of `grant`
    function openSession(Grant calldata grant, bytes calldata signature) external {
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(SESSION_TYPEHASH, grant)));
        if (!SignatureChecker.isValidSignatureNow(grant.player, digest, signature)) revert InvalidSignature();
        Session storage session = _sessions[grant.player][grant.key];
        if (session.degen.expiresAt != 0 || session.degen.revoked) revert SessionExists(grant.key);
        uint256 latest = block.timestamp + MAX_SESSION;
        if (grant.expiresAt > latest) revert SessionTooLong(grant.expiresAt, latest);
        if (grant.expiresAt <= block.timestamp) revert SessionExpired(grant.expiresAt);
        uint32 expiresAt = uint32(grant.expiresAt); // below now + 24 h
        uint8 games = uint8(grant.games & ALL_GAMES);
        session.degen = Allowance(grant.tokens & TOKEN_DEGEN == 0 ? 0 : _units(grant.maxBetDegen), _units(grant.budgetDegen), 0, expiresAt, games, false);
        session.native = Allowance(grant.tokens & TOKEN_NATIVE == 0 ? 0 : _units(grant.maxBetNative), _units(grant.budgetNative), 0, expiresAt, games, false);
        _hold(grant.player, session.degen.maxBet, session.native.maxBet, expiresAt);
        emit SessionOpened(
            grant.player,
            grant.key,
            grant.expiresAt,
            grant.tokens & 3,
            grant.games & ALL_GAMES,
            grant.maxBetDegen,
            grant.maxBetNative,
            grant.budgetDegen,
            grant.budgetNative
        );
    }

    /// @notice Ends a session of the caller: its key can split or act on no hand placed from this
    ///         block on, and the session expires BET_ACCEPTANCE_WINDOW from now at the latest, when
    ///         every bet the server accepted before has landed or passed its deadline (the server
    ///         refuses the key's bets from now on). Revoking never cancels a bet the server took,
    ///         nor changes how a hand already open settles. A key not opened yet is revoked too, so
    ///         it can never open for the caller.
    /// @param key the session key
    function revokeSession(address key) external {
        Session storage session = _sessions[msg.sender][key];
        if (!session.degen.revoked) {
            _revokedInBlock[msg.sender][key] = block.number;
            uint32 end = uint32(block.timestamp + ACCEPTANCE_WINDOW);
            // A session that ends sooner by itself (or was never opened) keeps its end, and the hold its own.
            if (end < session.degen.expiresAt) {
                (session.degen.expiresAt, session.native.expiresAt) = (end, end);
                Hold storage hold = _holds[msg.sender];
                if (end < hold.until) hold.until = end;
            }
        }
        session.degen.revoked = true;
        session.native.revoked = true;
        emit SessionRevoked(msg.sender, key);
    }

    // ───────────────────────────── bets ─────────────────────────────

    /// @notice Places and settles signed bets of games that need no decision (wheel, slots,
    ///         kickboxing, crash with an auto cash-out), each with the house's seed, in one
    ///         transaction: the result is final in this block. Bets of one player in nonce order.
    ///         A bet that fails, whatever its player did since the server took it (a key revoked
    ///         or expired, its budget or largest stake, its token or game, its deadline, a vault
    ///         drained, a limit of their own, its nonce taken by a wallet bet) or the house did
    ///         (new terms, the bankroll's room), is skipped with `BetSkipped(player, nonce, reason,
    ///         nonceSpent)`, its nonce spent only when its player caused the failure; every other
    ///         bet settles (contracts/README.md "Trust assumptions"). Settler only; only arrays of
    ///         different lengths and a pause revert.
    /// @param bets the signed bets
    /// @param seeds their relay seeds (PlayerState), the next links of their players' hash chains
    /// @return refusals for each bet, 0 when it settled, else the selector of the error it was
    ///         skipped for: what a simulation of the batch reads (server/README.md)
    function play(ISessionCasino.SignedBet[] calldata bets, bytes32[] calldata seeds) external returns (bytes4[] memory refusals) {
        _onlyRelayer();
        uint256 count = bets.length;
        if (seeds.length != count) revert LengthMismatch();
        address[] memory keys = new address[](count);
        refusals = new bytes4[](count);
        for (uint256 i; i < count; ++i) {
            (address key, bytes memory refusal) = _betRefusal(bets[i]);
            keys[i] = key;
            refusals[i] = bytes4(refusal);
        }
        bytes memory returned = Address.functionCall(address(casino), _playForCall(bets, seeds, refusals));
        uint256[] memory payouts = abi.decode(returned, (uint256[]));
        for (uint256 i; i < count; ++i) {
            ISessionCasino.BetInput calldata bet = bets[i].bet;
            uint256 payout = payouts[i];
            if (payout & SKIPPED_PAYOUT == 0) {
                _credit(bet.player, keys[i], bet.token, payout);
            } else if (refusals[i] == 0) {
                _uncount(bet.player, keys[i], bet.token, bet.amount);
                refusals[i] = bytes4(uint32(payout));
            }
        }
    }

    /// @notice Places a signed bet to be settled later: an interactive game's (blackjack, crash
    ///         with a manual cash-out), or any bet sent without its seed. The settler sends it,
    ///         or anyone with the settler's countersignature (the player, when the server does
    ///         not): the house then settles it with its relay seed, exactly as if it had been
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
        (address key, bytes memory refusal) = _betRefusal(signed);
        if (refusal.length != 0) _revert(refusal);
        betId = casino.placeFor(signed.bet, signed.deadline);
        _openStakes[betId] = OpenStake(key, true);
    }

    /// @notice The second stake of a blackjack split, from the player's vault, on the split the
    ///         session key signed (Actions(betId, "P")): no wallet popup. A hand a session placed
    ///         is split by that session's key alone.
    /// @param betId the open hand
    /// @param signature the session key's EIP-712 signature of Actions(betId, "P")
    function split(uint256 betId, bytes calldata signature) external {
        address key = _actionSigner(betId, "P", signature);
        OpenStake storage open = _openStakes[betId];
        address placedBy = open.key;
        if (placedBy != address(0) && placedBy != key) revert NotBetSession(betId, key);
        (uint256 stake, address token) = casino.addStakeFor(betId);
        bytes memory refusal = _stakeRefusal(CasinoLedger.playerOf(betId), key, token, BLACKJACK, stake, true);
        if (refusal.length != 0) _revert(refusal);
        if (placedBy == address(0)) _openStakes[betId] = OpenStake(key, false);
    }

    /// @notice Settles an open hand or manual crash round with the actions its player signed: by
    ///         the player's session key, or by a key the player's wallet named for this bet alone
    ///         (`keyGrant`, the EIP-712 `ActionKey` signature, for a player without a session).
    ///         Settler only: the seed is public once sent, and only the house chooses which log
    ///         of the player's came in time (contracts/README.md "Trust assumptions").
    ///         The payout is computed by the Casino's rules from the seed and these actions, and
    ///         gives back the budget of the session that staked the bet (half of it for a split
    ///         of a wallet's hand), whichever key signed. A session key's actions count after the
    ///         session's expiry, and after its revocation on a hand placed in an earlier block:
    ///         else a player who lost a hand would revoke the key and turn the log they signed
    ///         into the auto-stand (contracts/README.md "Trust assumptions").
    /// @param betId the open bet
    /// @param seed the bet's seed
    /// @param actions the signed action log (blackjack "H"/"S"/"P"; crash: the cash-out multiplier)
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
            Allowance memory session = _sessions[player][key].degen;
            if (session.expiresAt == 0) revert NotSessionPlayer(key, player);
            if (session.revoked && casino.getBet(betId).placedBlock >= _revokedInBlock[player][key]) {
                revert SessionRevokedError(key);
            }
        }
        (uint256 payout, address token) = casino.settleFor(betId, seed, actions);
        OpenStake memory staked = _openStakes[betId];
        if (staked.key == address(0)) return;
        delete _openStakes[betId];
        _credit(player, staked.key, token, staked.whole ? payout : payout / 2);
    }

    // ───────────────────────────── views ─────────────────────────────

    /// @notice A player's session by its key (player 0: never opened). Amounts in base units.
    function sessionOf(address player_, address key)
        external
        view
        returns (
            address player,
            uint256 expiresAt,
            uint256 tokens,
            uint256 games,
            bool revoked,
            uint256[2] memory maxBet,
            uint256[2] memory budget,
            int256[2] memory lost
        )
    {
        Session memory s = _sessions[player_][key];
        return (
            s.degen.expiresAt == 0 ? address(0) : player_,
            s.degen.expiresAt,
            (s.degen.maxBet == 0 ? 0 : TOKEN_DEGEN) | (s.native.maxBet == 0 ? 0 : TOKEN_NATIVE),
            s.degen.games,
            s.degen.revoked,
            [uint256(s.degen.maxBet) * UNIT, uint256(s.native.maxBet) * UNIT],
            [uint256(s.degen.budget) * UNIT, uint256(s.native.budget) * UNIT],
            [int256(s.degen.lost) * int256(UNIT), int256(s.native.lost) * int256(UNIT)]
        );
    }

    /// @notice What a player's one-click sessions hold in their vault, in base units, and until
    ///         when: the Casino refuses a withdrawal, swap or wallet bet that would take the vault
    ///         below it, so that every bet the server accepted finds its stake (Hold).
    /// @param player the player
    /// @param token DEGEN or address(0) for BNB
    /// @return held base units of `token`
    /// @return until when the hold ends (0: no session lives)
    function heldOf(address player, address token) external view returns (uint256 held, uint256 until) {
        Hold memory hold = _holds[player];
        if (block.timestamp >= hold.until) return (0, 0);
        return (uint256(token == address(0) ? hold.native : hold.degen) * UNIT, hold.until);
    }

    /// @notice The EIP-712 domain separator (chain id and this contract's address included).
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    // ───────────────────────────── internals ─────────────────────────────

    /// @dev Checks a signed bet against its key's session and counts its stake as lost until paid:
    ///      its key, and what refuses it (empty: the bet is accepted, its stake counted).
    function _betRefusal(ISessionCasino.SignedBet calldata signed) private returns (address key, bytes memory refusal) {
        if (block.timestamp > signed.deadline) return (address(0), abi.encodeWithSelector(BetExpiredDeadline.selector, signed.deadline));
        ECDSA.RecoverError recoverError;
        bytes32 errorArg;
        (key, recoverError, errorArg) = ECDSA.tryRecover(_betDigest(signed), signed.r, signed.vs);
        if (recoverError == ECDSA.RecoverError.InvalidSignature) return (address(0), abi.encodeWithSelector(ECDSA.ECDSAInvalidSignature.selector));
        if (recoverError != ECDSA.RecoverError.NoError) return (address(0), abi.encodeWithSelector(ECDSA.ECDSAInvalidSignatureS.selector, errorArg));
        ISessionCasino.BetInput calldata bet = signed.bet;
        refusal = _stakeRefusal(bet.player, key, bet.token, bet.gameType, bet.amount, false);
    }

    /// @dev The EIP-712 digest of a signed bet: hashStruct(Bet) is keccak256 of the type hash and
    ///      the ten fields as ABI words in the type's order (player, token, amount, game, params,
    ///      clientSeedHash, nonce, expectedCommit, terms, deadline), which are the signed bet's
    ///      first ten words in calldata, hashed where they lie rather than encoded again one by
    ///      one (bench/session-gas.ts), but for the sixth: the key signs keccak256 of the client
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

    /// @dev Checks a stake against its key's session (open, its token, its game, its largest
    ///      stake) and counts it against the budget (the most the session may lose) until paid:
    ///      what refuses it (empty: the stake is counted). A revoked key's bets still land until
    ///      the session's expiry, which the revocation brought within BET_ACCEPTANCE_WINDOW: those
    ///      the server accepted before it. Its splits do not.
    function _stakeRefusal(address player, address key, address token, uint256 game, uint256 amount, bool isSplit) private returns (bytes memory) {
        bool native = token == address(0);
        if (!native && token != degen) return abi.encodeWithSelector(TokenNotAllowed.selector, token);
        Session storage session = _sessions[player][key];
        Allowance storage allowance = native ? session.native : session.degen;
        Allowance memory seen = allowance;
        if (seen.expiresAt == 0) return abi.encodeWithSelector(NotSessionPlayer.selector, key, player);
        if (seen.revoked && isSplit) return abi.encodeWithSelector(SessionRevokedError.selector, key);
        if (block.timestamp >= seen.expiresAt) return abi.encodeWithSelector(SessionExpired.selector, seen.expiresAt);
        if (game > 7 || seen.games & (1 << game) == 0) return abi.encodeWithSelector(GameNotAllowed.selector, game);
        if (seen.maxBet == 0) return abi.encodeWithSelector(TokenNotAllowed.selector, token);
        uint256 maxBet = uint256(seen.maxBet) * UNIT;
        if (amount > maxBet) return abi.encodeWithSelector(AboveSessionMaxBet.selector, amount, maxBet);
        // amount ≤ maxBet < 2^64 units, lost within ±2^63 units: no overflow in int256.
        int256 lost = int256(seen.lost) + int256(_stakeUnits(amount));
        if (lost > int256(uint256(seen.budget))) {
            return abi.encodeWithSelector(SessionBudgetExceeded.selector, uint256(lost) * UNIT, uint256(seen.budget) * UNIT);
        }
        allowance.lost = int64(lost); // ≤ budget ≤ int64 max
        return "";
    }

    /// @dev A session opened: its largest stakes join what the player's sessions hold, until it expires.
    function _hold(address player, uint64 degenUnits, uint64 nativeUnits, uint32 expiresAt) private {
        Hold memory hold = _holds[player];
        if (block.timestamp >= hold.until) delete hold;
        _holds[player] = Hold(
            uint64(Math.max(degenUnits, hold.degen)),
            uint64(Math.max(nativeUnits, hold.native)),
            uint32(Math.max(expiresAt, hold.until))
        );
    }

    /// @dev A stake the Casino skipped after the session counted it: the budget gets it back whole.
    function _uncount(address player, address key, address token, uint256 amount) private {
        Session storage session = _sessions[player][key];
        Allowance storage allowance = token == address(0) ? session.native : session.degen;
        allowance.lost -= int64(int256(_stakeUnits(amount))); // counted by _stakeRefusal in this call
    }

    /// @dev A stake in units, rounded up: against the session.
    function _stakeUnits(uint256 amount) private pure returns (uint256) {
        return (amount + UNIT - 1) / UNIT;
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

    /// @dev A payout to the session's bet takes back what it lost.
    function _credit(address player, address key, address token, uint256 payout) private {
        uint256 units = payout / UNIT;
        if (units == 0) return;
        Session storage session = _sessions[player][key];
        Allowance storage allowance = token == address(0) ? session.native : session.degen;
        int256 lost = int256(allowance.lost) - int256(Math.min(units, uint256(uint64(type(int64).max))));
        allowance.lost = int64(SignedMath.max(lost, type(int64).min));
    }

    function _actionSigner(uint256 betId, bytes memory actions, bytes calldata signature) private view returns (address) {
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(ACTIONS_TYPEHASH, betId, keccak256(actions))));
        return ECDSA.recover(digest, signature);
    }

    /// @dev An amount of a grant in units, at most int64's maximum (so that `lost` can reach it).
    function _units(uint256 amount) private pure returns (uint64) {
        return uint64(Math.min(amount / UNIT, uint256(uint64(type(int64).max))));
    }
}
