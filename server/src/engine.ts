/** The engine (engine/src): the one definition of every game, shared with the frontend and the verifier. */
export * from "../../engine/src/index";
