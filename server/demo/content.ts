import type { Role } from '../../contract/roles'
import { gridPlacement, type TaskSchemaDocument } from '../../contract/task-schema'

export type DemoAccount = { username: string; role: Role; firstName: string; lastName: string }

/** One account per role, named after what it does. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'annotator', role: 'endworker', firstName: 'Anna', lastName: 'Nowak' },
  { username: 'reviewer', role: 'reviewer', firstName: 'Rémi', lastName: 'Laurent' },
  { username: 'client', role: 'client', firstName: 'Claire', lastName: 'Dubois' },
  { username: 'coordinator', role: 'coordinator', firstName: 'Jürgen', lastName: 'Koch' },
  { username: 'finance', role: 'finance_manager', firstName: 'Fiona', lastName: 'Baker' },
  { username: 'admin', role: 'staff', firstName: 'Ada', lastName: 'Admin' },
]

export const DEMO_EMAIL_DOMAIN = 'demo.invalid'

type DemoLanguage = {
  code: string
  name: string
  diacriticSigns: { sign: string; description: string }[]
}

export const DEMO_LANGUAGES: DemoLanguage[] = [
  { code: 'en', name: 'English', diacriticSigns: [] },
  {
    code: 'fr',
    name: 'French',
    diacriticSigns: [
      { sign: 'é', description: 'e with acute accent' },
      { sign: 'è', description: 'e with grave accent' },
      { sign: 'ê', description: 'e with circumflex' },
      { sign: 'à', description: 'a with grave accent' },
      { sign: 'ç', description: 'c with cedilla' },
      { sign: 'œ', description: 'o-e ligature' },
    ],
  },
  {
    code: 'pl',
    name: 'Polish',
    diacriticSigns: [
      { sign: 'ą', description: 'a with ogonek' },
      { sign: 'ć', description: 'c with acute accent' },
      { sign: 'ę', description: 'e with ogonek' },
      { sign: 'ł', description: 'l with stroke' },
      { sign: 'ń', description: 'n with acute accent' },
      { sign: 'ó', description: 'o with acute accent' },
      { sign: 'ś', description: 's with acute accent' },
      { sign: 'ź', description: 'z with acute accent' },
      { sign: 'ż', description: 'z with dot above' },
    ],
  },
  { code: 'ru', name: 'Russian', diacriticSigns: [{ sign: 'ё', description: 'io' }] },
  {
    code: 'de',
    name: 'German',
    diacriticSigns: [
      { sign: 'ä', description: 'a with umlaut' },
      { sign: 'ö', description: 'o with umlaut' },
      { sign: 'ü', description: 'u with umlaut' },
      { sign: 'ß', description: 'sharp s' },
    ],
  },
]

export const DEMO_PROTOCOL_NAME = 'Transcription and picture check'

export const DEMO_PROTOCOL_MARKDOWN = `# Transcription and picture check

Each item has a short recording, a picture and a prompt sentence. Listen to the whole recording
before you type anything.

## 1. Transcript

- Write exactly what you hear, in the language of the recording, with its diacritic signs
  (use the sign buttons under the field if your keyboard lacks them).
- Do not correct grammar or pronunciation. Write numbers as words: *dwadzieścia*, not *20*.
- Mark sounds that are not speech with a tag: \`[noise]\`, \`[music]\`, \`[laugh]\`.
- Wrap words in another language in \`<foreign>\`...\`</foreign>\`.
- If the recording holds only tones or silence, type \`[no speech]\`.

## 2. Speaker and background

- Choose the speaker you hear; choose *unknown* when nobody speaks.
- Choose every background sound you hear, or *none*.

## 3. Picture

Tick **The picture matches the prompt** only when the picture shows what the prompt sentence
says. When in doubt, leave it unticked and say why in the comment field.

## Examples

| Recording | Transcript |
|---|---|
| a speaker over street noise | \`Dzień dobry [noise]\` |
| three beeps | \`[no speech]\` |

Questions about these rules go to your coordinator, not to the comment field.
`

/** Text, dropdown, checkbox, audio and image widgets laid out on a 12-column grid. */
export const DEMO_TASK_SCHEMA: TaskSchemaDocument = {
  validators: [
    {
      type: 'required',
      field: 'transcript',
      severity: 'error',
      message: 'Type what you hear, or [no speech].',
    },
    { type: 'required', field: 'speaker', severity: 'error', message: 'Choose the speaker.' },
  ],
  // The mismatch reason is asked for only while the picture is marked as not matching.
  rows_visibility: [{ row: 5, when: { field: 'picture_matches', equals: 'false' } }],
  item_schema: {
    recording: {
      widget: {
        config: {
          component: 'audio',
          label: 'Recording',
          showAudioCurrentTimeTag: true,
          enableSeekingForward: true,
        },
      },
      grid_placement: gridPlacement(1, 1, 6),
    },
    picture: {
      widget: { config: { component: 'image', label: 'Picture' } },
      grid_placement: gridPlacement(1, 2, 6),
    },
    prompt: {
      widget: { config: { component: 'text', label: 'Prompt', is_inline: true } },
      grid_placement: gridPlacement(2, 1, 12),
    },
  },
  annotation_schema: {
    transcript: {
      widget: {
        config: {
          component: 'textarea',
          label: {
            value: 'Transcript',
            hint: 'Write exactly what you hear, with diacritic signs.',
          },
          placeholder: 'Type what you hear',
          tags: [
            { tag: '[noise]' },
            { tag: '[music]' },
            { tag: '[no speech]' },
            { tag: '<foreign>', closing_tag: '</foreign>' },
          ],
          enableSTT: false,
          showDiacriticalSigns: true,
          replaceNewlineChar: ' ',
        },
      },
      grid_placement: gridPlacement(3, 1, 12),
      data_type: 'string',
    },
    speaker: {
      widget: {
        config: {
          component: 'dropdown',
          label: 'Speaker',
          options: ['woman', 'man', 'child', 'unknown'],
          multiple: false,
          placeholder: 'Choose the speaker',
        },
      },
      grid_placement: gridPlacement(4, 1, 4),
      data_type: 'string',
    },
    background: {
      widget: {
        config: {
          component: 'dropdown',
          label: 'Background sounds',
          options: ['none', 'music', 'traffic', 'voices'],
          multiple: true,
        },
      },
      grid_placement: gridPlacement(4, 2, 4),
      data_type: 'string',
    },
    picture_matches: {
      widget: { config: { component: 'checkbox', label: 'The picture matches the prompt' } },
      grid_placement: gridPlacement(4, 3, 3, 1),
      data_type: 'bool',
    },
    mismatch_reason: {
      widget: {
        config: { component: 'text', label: 'Why not?', placeholder: 'What the picture shows' },
      },
      grid_placement: gridPlacement(5, 1, 12),
      data_type: 'string',
    },
  },
}

/** Prompt sentences of the demo items (the task's base language is Polish). */
export const DEMO_PROMPTS = [
  'Zażółć gęślą jaźń.',
  'Czerwone słońce zachodzi nad morzem.',
  'Zielony liść spada z drzewa.',
  'Niebieskie niebo bez jednej chmury.',
  'Żółty tramwaj jedzie przez miasto.',
  'Pomarańczowa piłka leży na trawie.',
  'Fioletowe kwiaty rosną w ogrodzie.',
  'Szary kot śpi na parapecie.',
  'Różowy balon leci wysoko.',
] as const
