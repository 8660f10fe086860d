/**
 * Issue #21: the verify, deploy and charts texts in Hindi, including the ones filled in by
 * placeholder ('{reason}', '{n}') or built from arguments, and the form problems the verify machine
 * stores; English is the source again after switching back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fillMessage } from '../../../common/spec';
import { CHART_TEXTS, CHART_TITLES } from '../../../src/features/charts/texts';
import { DEPLOY_TEXTS } from '../../../src/features/deploy/texts';
import { FAILURE_PARTS, MATCH_TEXTS, VERIFY_TEXTS } from '../../../src/features/verify/texts';
import { setLocale } from '../../../src/lib/i18n/locale';
import { verifyProblem } from '../../../src/lib/verifyInput';
import { deployMachine, type DeploySigners } from '../../../src/machines/deployMachine';
import { DEPLOY_MACHINE_TEXTS } from '../../../src/machines/deployTexts';
import { EMPTY_FORM } from '../../../src/machines/verifyMachine';
import { CHART_UI_TEXTS } from '../../../src/ui/charts/texts';

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('verify, deploy and charts texts', () => {
  it('read Hindi while Hindi is active, placeholders and arguments filled in', async () => {
    await setLocale('hi');
    expect(VERIFY_TEXTS.submit).toBe('सत्यापित करें और प्रकाशित करें');
    expect(MATCH_TEXTS.exact_match).toBe('पूरा मेल (मेटाडेटा हैश भी बराबर)');
    expect(FAILURE_PARTS['no_match']).toBe('कंपाइल किया गया कोड चेन से अलग है।');
    expect(Object.hasOwn(FAILURE_PARTS, 'constructor')).toBe(false);
    expect(verifyProblem(EMPTY_FORM)).toBe('कॉन्ट्रैक्ट का सोर्स कोड पेस्ट करें।');

    expect(DEPLOY_TEXTS.notVerified.replace('{reason}', 'Bytecode mismatch')).toBe(
      'डिप्लॉय हो गया, पर सोर्स अभी सत्यापित नहीं हुआ: Bytecode mismatch',
    );
    expect(DEPLOY_TEXTS.maxSize(200)).toBe('अधिकतम 200 KB।');

    expect(fillMessage(CHART_TEXTS.balanceTooltip, { n: '30,000.5' })).toBe('शेष राशि: 30,000.5');
    expect(CHART_TEXTS.perHourSummary(CHART_TITLES.perHour, 100000, 24)).toBe('प्रति घंटा लेनदेन: पिछले 24 घंटों में 1,00,000 लेनदेन');
    expect(CHART_TEXTS.allFeesIn('घंटा 19', '0.0003')).toBe('पिछले 24 घंटों का पूरा 0.0003 RUBY शुल्क घंटा 19 में चुकाया गया।');
    expect(CHART_UI_TEXTS.countTooltip('घंटा 2', '4', '0.002')).toBe('घंटा 2: 4 लेनदेन, शुल्क 0.002 RUBY');
  });

  it('the deploy machine words its problems in the language active when they happen (not the one it was defined in)', async () => {
    const noWallets = fromPromise<DeploySigners>(async () => ({ web: null, injected: false }));
    const run = async () => {
      const actor = createActor(deployMachine.provide({ actors: { detect: noWallets } })).start();
      await waitFor(actor, (s) => s.matches('idle'));
      actor.send({ type: 'deploy.submit' });
      const error = actor.getSnapshot().context.error;
      actor.stop();
      return error;
    };
    await setLocale('hi');
    expect(await run()).toBe('कृपया सभी फ़ील्ड भरें।');
    expect(DEPLOY_MACHINE_TEXTS.uploadError(DEPLOY_MACHINE_TEXTS.noResponse)).toBe('फ़ाइल अपलोड करने में त्रुटि: सर्वर से कोई जवाब नहीं मिला।');
    await setLocale('en');
    expect(await run()).toBe('Please fill in all fields.');
    expect(DEPLOY_MACHINE_TEXTS.uploadError(DEPLOY_MACHINE_TEXTS.noResponse)).toBe('Error uploading file: No response from server.');
  });

  it('give the English source again after switching back', async () => {
    await setLocale('hi');
    await setLocale('en');
    expect(VERIFY_TEXTS.submit).toBe('Verify and publish');
    expect(verifyProblem(EMPTY_FORM)).toBe('Paste the contract source code.');
    expect(DEPLOY_TEXTS.maxSize(200)).toBe('At most 200 KB.');
    expect(DEPLOY_TEXTS.constructorHelp).toMatch(/^Supported constructors: none \(no parameters\)/);
    expect(CHART_TEXTS.bucketSummary('Token Transactions', 24, CHART_TEXTS.counted.tokenTransfers)).toBe(
      'Token Transactions: 24 token transfers',
    );
    expect(CHART_UI_TEXTS.countSummary('Transaction Count & Fees per Hour', 552, 24)).toBe(
      'Transaction Count & Fees per Hour: 552 transactions over the last 24 hours',
    );
  });
});
