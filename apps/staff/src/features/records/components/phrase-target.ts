import { createContext, useContext } from 'react';

/** The text field a 文例 goes into: the last one focused, and where its caret was when it lost focus. */
export interface PhraseTarget {
  name: string;
  index: number;
}

/** Lets every text field of the editor report where its caret was (records-phrases.md). */
export const PhraseTargetContext = createContext<((target: PhraseTarget) => void) | null>(null);
export const useRememberCaret = () => useContext(PhraseTargetContext);

/** Opens the 文例 for one field (its own 文例 button): the drawer aims at that field (records-plans-screens.md). */
export const PhraseOpenContext = createContext<((target: PhraseTarget) => void) | null>(null);
export const useOpenPhrases = () => useContext(PhraseOpenContext);
