import { Command, defaultFilter } from 'cmdk';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { COPY_TOASTS, MESSAGES, TIMING } from '../../../../common/spec';
import { urls } from '../../../app/urls';
import { clearToken, hasToken, subscribeToken } from '../../../lib/authToken';
import { copyText } from '../../../lib/clipboard';
import { shortenAddress } from '../../../lib/shorten';
import { useToast } from '../../../ui/useToast';
import { useWatchlist } from '../../../ui/watchlist';
import { watchCommand } from './watchCommand';
import type { SearchContractItem } from '../../../../common/api/search';
import { useSearchContractsQuery, useSuggestContractsQuery } from '../searchApi';
import { sameAddressInput } from '../../../lib/addressInput';
import { isNameTerm } from '../../../lib/searchFlow';
import { SUGGEST_DEBOUNCE_MS } from '../../../sections/search/texts';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { useSearchMachine } from '../../../sections/search/useSearchMachine';
import { approvalsJumpFor, jumpFor, subjectOf, verifyCommand } from './commands';
import { palettePages } from './pages';
import { useContractDetailQuery } from '../../contracts/contractsApi';
import { useTransactionDetailQuery } from '../../transactions/transactionsApi';
import { TxSummaryLines } from '../../../ui/TxSummaryLines';
import { Shortcut } from './Shortcut';
import { currentLocale } from '../../../lib/i18n';
import { switchLanguage } from '../../../app/layout/switchLanguage';
import { LANGUAGE_KEYWORDS, PALETTE_TEXTS as T } from './texts';
import './palette.css';

/** cmdk's value of a contract item. */
function contractValue(c: SearchContractItem): string {
  return `contract ${c.contractname} ${c.tag ?? ''} ${c.contract_address}`;
}

/**
 * cmdk's ranking over what an item says, not the kind word its value starts with; a page or an action must contain
 * the typed text in its label or a keyword ('page Charts & stats' and a loose letter match made 'gas' find Charts).
 */
function filterItems(value: string, search: string, keywords?: string[]): number {
  const space = value.indexOf(' ');
  const kind = value.slice(0, space);
  const text = value.slice(space + 1);
  const q = search.trim().toLowerCase();
  if ((kind === 'page' || kind === 'action') && q !== '' && ![text, ...(keywords ?? [])].some((w) => w.toLowerCase().includes(q))) return 0;
  return defaultFilter(text, search, keywords);
}

interface CommandPaletteProps {
  onClose: () => void;
}

/**
 * The command palette (cmdk in a modal <dialog>). Typing runs the search machine, the same one
 * the search box uses: recent searches, contracts whose name matches, "Search for …" through the
 * spec's flow; plus direct jumps by shape, every page a user can reach (pages.ts) and actions for this page.
 * Closes on Escape (PaletteHost's hotkey), on a click outside, and once it has navigated.
 */
export default function CommandPalette({ onClose }: CommandPaletteProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [location, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const { state, send } = useSearchMachine();
  const toast = useToast();
  const loggedIn = useSyncExternalStore(subscribeToken, hasToken, () => false);
  const opened = useRef(location);

  useEffect(() => {
    const d = dialogRef.current;
    if (d && !d.open) {
      // jsdom has no showModal: the open attribute is the same dialog without the backdrop.
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    // The dialog would focus cmdk's root (tabindex -1) first: the input is where typing goes.
    inputRef.current?.focus();
  }, []);
  // Done once the page changed (a jump, a page, a search that led somewhere) or a search ended.
  const redirected = state.matches({ flow: 'redirected' });
  useEffect(() => {
    if (redirected || location !== opened.current) onClose();
  }, [redirected, location, onClose]);

  const term = query.trim();
  const busy = state.matches({ flow: 'fetchingContracts' }) || state.matches({ flow: 'fetchingKind' });
  const settled = useDebouncedValue(term, SUGGEST_DEBOUNCE_MS);
  const suggest = settled !== '' && settled === term && isNameTerm(term);
  const contracts = useSuggestContractsQuery(settled, { skip: !suggest }).currentData;
  const jump = jumpFor(term);
  // A transaction's jump says what it did: its detail, which the page then opens from the cache.
  const txHash = jump?.kind === 'transaction' ? term.trim().toLowerCase() : null;
  const txPreview = useTransactionDetailQuery(txHash ?? '', { skip: txHash === null }).currentData?.result;
  // A free-text term with a real match pre-selects the match, not 'Search for …': cmdk's selection
  // is controlled; its own choices (typing, arrows) go through onValueChange, the match wins once it arrives unless
  // the user moved with the arrows since the last keystroke.
  const [selected, setSelected] = useState('');
  const moved = useRef(false);
  const firstMatch = !jump && contracts && contracts.length > 0 && settled === term ? contractValue(contracts[0]!) : null;
  useEffect(() => {
    if (firstMatch && !moved.current) setSelected(firstMatch);
  }, [firstMatch]);
  const subject = subjectOf(location);
  // 'Verify & publish' only for a contract whose source is not verified (a wallet address has nothing to verify).
  const verifyAt = verifyCommand(term, location);
  // Asked only of the contract page's own address or a contract the directory lists (a wallet address would
  // answer 404: a console error).
  const directory = useSearchContractsQuery(undefined, { skip: verifyAt === null }).currentData;
  const shownContract = /^\/(?:TokenDetail|contractDetail|ContractDetail)\/([^/?#]+)/.exec(location)?.[1] ?? null;
  const isContract =
    verifyAt !== null &&
    ((shownContract !== null && sameAddressInput(shownContract, verifyAt.target ?? '')) ||
      (directory ?? []).some((c) => sameAddressInput(c.contract_address, verifyAt.target ?? '')));
  const target = useContractDetailQuery(verifyAt?.target ?? '', { skip: !isContract }).currentData;
  const verify = verifyAt !== null && target?.result.verified === false ? verifyAt : null;
  const watch = watchCommand(location, useWatchlist());
  const approvals = approvalsJumpFor(term);
  const go = (href: string) => navigate(href);

  const copy = async (value: string) => {
    try {
      await copyText(value);
      toast.show(COPY_TOASTS.detail.text, COPY_TOASTS.detail.ms);
    } catch {
      // Nothing to copy into: the value stays on the page.
    }
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="palette"
      aria-label={T.dialogLabel}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialogRef.current) onClose();
      }}
    >
      <Command
        label={T.dialogLabel}
        className="palette__command"
        loop
        filter={filterItems}
        value={selected}
        onValueChange={setSelected}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') moved.current = true;
        }}
      >
        <Command.Input
          ref={inputRef}
          className="palette__input"
          value={query}
          onValueChange={(q) => {
            moved.current = false;
            setQuery(q);
          }}
          placeholder={T.placeholder}
          aria-label={T.inputLabel}
        />
        {busy && (
          <p className="palette__busy" role="status">
            {T.searching}
          </p>
        )}
        <Command.List className="palette__list" label={T.listLabel}>
          {/* With a term typed, "Search for …" is always offered, so the list is never empty. */}
          {jump && (
            <Command.Group heading={T.groupJump} forceMount>
              <Command.Item value={`jump ${term}`} forceMount onSelect={() => go(jump.href)}>
                <span className="palette__mono">{jump.label}</span>
                {txPreview && <TxSummaryLines summary={txPreview.summary} compact links={false} />}
              </Command.Item>
              {approvals && (
                <Command.Item value={`approvals ${term}`} forceMount onSelect={() => go(approvals.href)}>
                  <span className="palette__mono">{approvals.label}</span>
                </Command.Item>
              )}
            </Command.Group>
          )}
          {term !== '' && (
            <Command.Group heading={T.groupSearch} forceMount>
              <Command.Item value={`search ${term}`} forceMount onSelect={() => send({ type: 'search.submit', term })}>
                {T.searchFor({ term })}
              </Command.Item>
            </Command.Group>
          )}
          {contracts && contracts.length > 0 && (
            <Command.Group heading={T.groupContracts} forceMount>
              {contracts.map((c) => (
                <Command.Item
                  key={c.contract_address}
                  value={contractValue(c)}
                  forceMount
                  onSelect={() => send({ type: 'suggestion.pick', contract: c })}
                >
                  <span>{c.contractname || c.tag}</span>
                  {c.tag !== undefined && c.contractname !== '' && <span className="palette__hint">{c.tag}</span>}
                  <span className="palette__hint palette__mono">{shortenAddress(c.contract_address, 12)}</span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {state.context.history.length > 0 && (
            <Command.Group heading={T.groupRecent}>
              {state.context.history.map((h) => (
                <Command.Item key={h} value={`recent ${h}`} onSelect={() => send({ type: 'search.submit', term: h })}>
                  <span className="palette__mono">{h}</span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
          <Command.Group heading={T.groupPages}>
            {palettePages().map((p) => (
              <Command.Item key={p.id} value={`page ${p.label}`} keywords={[...p.keywords]} onSelect={() => go(p.href)}>
                <span>{p.label}</span>
                {p.key !== undefined && <Shortcut keys={['g', p.key]} />}
              </Command.Item>
            ))}
          </Command.Group>
          <Command.Group heading={T.groupActions}>
            {subject && (
              <Command.Item value={`action ${subject.label}`} onSelect={() => void copy(subject.value)}>
                {subject.label}
              </Command.Item>
            )}
            {watch && (
              <Command.Item
                value={`action ${watch.label}`}
                onSelect={() => {
                  void watch.run();
                  onClose();
                }}
              >
                {watch.label}
              </Command.Item>
            )}
            {loggedIn && (
              <Command.Item value={`action ${T.openWatchlist}`} onSelect={() => go(urls.watchlist())}>
                {T.openWatchlist}
              </Command.Item>
            )}
            {verify && (
              <Command.Item value={`action ${verify.label}`} onSelect={() => go(verify.href)}>
                <span className="palette__mono">{verify.label}</span>
              </Command.Item>
            )}
            <Command.Item
              value="action language"
              keywords={[...LANGUAGE_KEYWORDS]}
              onSelect={() => {
                void switchLanguage(currentLocale() === 'hi' ? 'en' : 'hi');
                onClose();
              }}
            >
              <LanguageCommand />
            </Command.Item>
            <Command.Item value={`action ${T.openWallet}`} onSelect={() => go(urls.dashboard())}>
              {T.openWallet}
            </Command.Item>
            {loggedIn ? (
              <Command.Item
                value={`action ${T.logOut}`}
                onSelect={() => {
                  clearToken();
                  toast.show(MESSAGES.loggedOut, TIMING.logoutAlertMs);
                  go(urls.home());
                  onClose();
                }}
              >
                {T.logOut}
              </Command.Item>
            ) : (
              <Command.Item value={`action ${T.logIn}`} onSelect={() => go(urls.account())}>
                {T.logIn}
              </Command.Item>
            )}
          </Command.Group>
        </Command.List>
      </Command>
    </dialog>
  );
}

/** 'Switch to Hindi — हिन्दी': the other language's own name is marked with its language (lang). */
function LanguageCommand() {
  const [say, name] = T.switchLanguage.split(' — ');
  if (name === undefined) return <>{say}</>;
  return (
    <>
      {say} — <span lang={currentLocale() === 'hi' ? 'en' : 'hi'}>{name}</span>
    </>
  );
}
