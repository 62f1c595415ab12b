import {goSample} from './go';
import {rubySample} from './ruby';
import {rustSample} from './rust';
import type {SdkSampleInput, SdkSampleLanguage} from './types';

export type {SdkSampleInput, SdkSampleLanguage} from './types';

/**
 * The SDK samples, in tab order after the TypeScript, curl, CLI and Python ones. A language is one module
 * here (its names and literals), one entry in this list, one key in `CodeSamples` and one runner in
 * samples.run.test.ts.
 */
export const SDK_SAMPLE_LANGUAGES: readonly SdkSampleLanguage[] = [
  {key: 'go', label: 'Go', prism: 'go', sample: goSample},
  {key: 'ruby', label: 'Ruby', prism: 'ruby', sample: rubySample},
  {key: 'rust', label: 'Rust', prism: 'rust', sample: rustSample},
];

/** Every SDK's sample of one operation, by `CodeSamples` key. */
export function sdkSamples(input: SdkSampleInput): Record<SdkSampleLanguage['key'], string> {
  return Object.fromEntries(SDK_SAMPLE_LANGUAGES.map((language) => [language.key, language.sample(input)])) as Record<SdkSampleLanguage['key'], string>;
}
