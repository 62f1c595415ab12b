// The pages and the API document they render are written in American English. Each entry is a British form
// (a whole word, or the stem of a family: "serialis" catches serialise, serialised, serialisation) with the
// American form a fix would use. `CANCELLED` in capitals is the gRPC status code's name and stays.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {describe, expect, it} from 'vitest';

const BRITISH: Record<string, string> = {
  colour: 'color', behaviour: 'behavior', favour: 'favor', honour: 'honor', labour: 'labor', neighbour: 'neighbor',
  harbour: 'harbor', flavour: 'flavor', endeavour: 'endeavor', rumour: 'rumor',
  organis: 'organiz', authoris: 'authoriz', serialis: 'serializ', recognis: 'recogniz', initialis: 'initializ',
  customis: 'customiz', optimis: 'optimiz', minimis: 'minimiz', maximis: 'maximiz', normalis: 'normaliz',
  prioritis: 'prioritiz', summaris: 'summariz', utilis: 'utiliz', categoris: 'categoriz', characteris: 'characteriz',
  synchronis: 'synchroniz', standardis: 'standardiz', specialis: 'specializ', visualis: 'visualiz', finalis: 'finaliz',
  capitalis: 'capitaliz', apologis: 'apologiz', memoris: 'memoriz', tokenis: 'tokeniz', sanitis: 'sanitiz',
  randomis: 'randomiz', parametris: 'parameteriz', centralis: 'centraliz', decentralis: 'decentraliz',
  realise: 'realize', realised: 'realized', realises: 'realizes', realising: 'realizing',
  emphasise: 'emphasize', emphasised: 'emphasized', analyse: 'analyze', analysed: 'analyzed', analysing: 'analyzing',
  licence: 'license (noun)', licences: 'licenses', defence: 'defense', offence: 'offense',
  centre: 'center', centres: 'centers', metre: 'meter', litre: 'liter', fibre: 'fiber',
  catalogue: 'catalog', catalogues: 'catalogs',
  cancelled: 'canceled', cancelling: 'canceling', labelled: 'labeled', labelling: 'labeling', modelled: 'modeled',
  modelling: 'modeling', travelled: 'traveled', signalled: 'signaled', fulfil: 'fulfill', enrol: 'enroll',
  enrolment: 'enrollment', misspelt: 'misspelled', spelt: 'spelled', learnt: 'learned', whilst: 'while',
  amongst: 'among', grey: 'gray', programme: 'program', judgement: 'judgment', artefact: 'artifact',
  cheque: 'check', ageing: 'aging', sceptical: 'skeptical', aluminium: 'aluminum', manoeuvre: 'maneuver',
};
const STEMS = new Set(Object.keys(BRITISH).filter((w) => /is$/.test(w)));
const pattern = new RegExp(
  `\\b(${Object.keys(BRITISH)
    .map((w) => (STEMS.has(w) ? `${w}\\w*` : w))
    .join('|')})\\b`,
  'gi',
);

const website = join(__dirname, '..');
const apiSpec = join(website, '..', 'packages', 'api-spec');
function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full, ext);
    return ext.test(name) ? [full] : [];
  });
}
const sources = [
  ...['docs', 'src/pages', 'changelog'].flatMap((d) => files(join(website, d), /\.mdx?$/)),
  join(apiSpec, 'openapi.yaml'),
  ...['paths', 'components'].flatMap((d) => files(join(apiSpec, d), /\.ya?ml$/)),
];

/** `file:line: word` for every British form, except CANCELLED in capitals (a status code's name). */
function britishForms(text: string, name: string): string[] {
  return text.split('\n').flatMap((line, i) =>
    [...line.matchAll(pattern)]
      .map(([word]) => word)
      .filter((word) => word !== 'CANCELLED')
      .map((word) => `${name}:${i + 1}: ${word}`),
  );
}

describe('American spelling', () => {
  it('reads the pages and the API document', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('finds the British forms it lists, and leaves CANCELLED (a status code) alone', () => {
    expect(britishForms('The colour of a cancelled, serialised organisation. CANCELLED stays.', 'sample')).toEqual([
      'sample:1: colour',
      'sample:1: cancelled',
      'sample:1: serialised',
      'sample:1: organisation',
    ]);
    expect(britishForms('A precise enterprise promise; the license is canceled; colors.', 'sample')).toEqual([]);
  });

  it('holds no British spelling on any page or in the API document', () => {
    const found = sources.flatMap((file) => britishForms(readFileSync(file, 'utf8'), relative(join(website, '..'), file)));
    expect(found).toEqual([]);
  });
});
