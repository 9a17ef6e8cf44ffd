import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** The per-response CSP nonce; empty in the browser (browsers hide it after load). */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
