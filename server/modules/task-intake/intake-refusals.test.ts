import { beforeAll, describe, expect, it } from 'vitest'
import {
  TASK_DESCRIPTION_MAX_CHARS,
  TASK_METADATA_VALUE_MAX_CHARS,
} from '../../../contract/task-intake'
import { discPng, toneWav } from '../../demo/media-files'
import { signIn } from '../../test/session-client'
import {
  createDefinitions,
  createdSoFar,
  type Definitions,
  requiredFields,
  richSchema,
  setUpIntakeTests,
  textOnlySchema,
  uploadTask,
  zipArchive,
} from './test-support'

/** Uploads refused before anything is kept, and the processing view of another client's task. */
const intake = setUpIntakeTests('intake-refusals')

describe('POST /api/client/tasks/ refusing an upload', () => {
  let own: Definitions
  beforeAll(async () => {
    own = await intake.definitionsWith({ itemSchema: richSchema })
  })

  const good = (extra: object = {}) => ({
    prompt: 'p',
    flag: 'true',
    speaker: 'Woman',
    tags: 'a',
    recording: 'r.wav',
    picture: 'p.png',
    ...extra,
  })
  const zipOf = (data: string, name = 'data.jsonl') =>
    zipArchive([
      { name, content: data },
      { name: 'r.wav', content: toneWav([300], 20) },
      { name: 'p.png', content: discPng(8, [0, 0, 0], [255, 255, 255]) },
    ])

  async function expectRefused(
    fields: Record<string, string>,
    file: Parameters<typeof uploadTask>[2],
    expected: Record<string, string[]>,
    status = 400,
  ) {
    const before = await createdSoFar(intake.t.db, intake.t.mediaDir)
    const response = await uploadTask(intake.client, fields, file)
    expect(response.statusCode, response.body).toBe(status)
    const body = response.json()
    if (status === 400) {
      expect(body.code).toBe('validation_error')
      expect(body.fields).toEqual(expected)
    }
    expect(await createdSoFar(intake.t.db, intake.t.mediaDir)).toEqual(before)
    return body
  }

  it('names the line of bad JSON, missing fields, bad values and unknown fields', async () => {
    const lines = [
      JSON.stringify(good()),
      '{"prompt": "broken",',
      JSON.stringify(good({ flag: 'yes' })),
      JSON.stringify({ ...good(), speaker: undefined }),
      JSON.stringify(good({ tags: 'a;z', speaker: 'child' })),
      JSON.stringify(good({ extra: 1, prompt: 5 })),
      '[1, 2]',
      JSON.stringify(good({ recording: 'missing.wav', picture: 'r.wav' })),
      JSON.stringify(good({ picture: null })),
    ].join('\n')
    const body = await expectRefused(
      requiredFields(own),
      { name: 'd.zip', content: zipOf(lines) },
      {
        file: [
          expect.stringMatching(/^Line 2: not valid JSON \(.+\)\.$/),
          "Line 3: field 'flag' must be 'true' or 'false'.",
          "Line 4: field 'speaker' is missing.",
          // Fields come in the order PostgreSQL keeps jsonb keys: shorter names first.
          "Line 5: field 'tags' has 'z', which is not among its options.",
          "Line 5: field 'speaker' has 'child', which is not among its options.",
          "Line 6: unknown field 'extra'; the item fields are flag, tags, prompt, picture, speaker, recording (and optionally data_id, _gold).",
          "Line 6: field 'prompt' must be a string.",
          'Line 7: must be a JSON object.',
          "Line 8: field 'picture': 'r.wav' is not an image file (.png, .jpg, .jpeg, .gif, .webp, .avif, .bmp).",
          "Line 8: field 'recording': the file 'missing.wav' is not in the ZIP.",
          "Line 9: field 'picture' is missing.",
        ],
      },
    )
    expect(body.detail).toMatch(/^The file was not accepted, nothing was created\. Line 2: /)
  })

  it('lists at most 20 problems', async () => {
    const lines = Array.from({ length: 50 }, () => '{oops').join('\n')
    const body = await expectRefused(
      requiredFields(intake.defs),
      { name: 'd.jsonl', content: lines },
      {
        file: Array.from({ length: 20 }, (_, index) =>
          expect.stringMatching(new RegExp(`^Line ${index + 1}: not valid JSON`)),
        ),
      },
    )
    expect(body.fields.file).toHaveLength(20)
  })

  it('names CSV rows, JSON array items and unknown media uuids', async () => {
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'd.csv', content: 'prompt,colour\na,b\n"x"\n' },
      {
        file: [
          "Row 1: unknown field 'colour'; the item fields are prompt (and optionally data_id, _gold).",
          'Row 3: has 1 values where the header row has 2.',
        ],
      },
    )
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'd.csv', content: 'prompt\n"open\n' },
      {
        file: [expect.stringMatching(/^Row 2: .*[Qq]uote.*\.$/)],
      },
    )
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'd.json', content: '[{"prompt": "a"}, {"prompt": 1}, 3]' },
      {
        file: ["Item 2: field 'prompt' must be a string.", 'Item 3: must be a JSON object.'],
      },
    )
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'd.json', content: '[{"prompt": "a"}' },
      {
        file: ['Item 1: the file ends before the closing ] of the array.'],
      },
    )
    const missing = '6f1c2a5e-0000-4000-8000-000000000000'
    const media = JSON.stringify(good({ recording: missing }))
    await expectRefused(
      requiredFields(own),
      { name: 'd.jsonl', content: `${media}\n` },
      {
        file: [
          "Line 1: field 'picture' must be the uuid of a media file: file paths work only inside a ZIP.",
        ],
      },
    )
    const uuids = JSON.stringify(good({ recording: missing, picture: { uuid: missing } }))
    await expectRefused(
      requiredFields(own),
      { name: 'd.jsonl', content: uuids },
      {
        file: [`Line 1: there is no media file ${missing}.`],
      },
    )
  })

  it('refuses a ZIP without exactly one data file, other formats and empty files', async () => {
    const two = zipArchive([
      { name: 'a.jsonl', content: '{"prompt":"a"}' },
      { name: 'sub/b.csv', content: 'prompt\nb' },
    ])
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'two.zip', content: two },
      {
        file: ["The ZIP must hold exactly one data file; it holds 2: 'a.jsonl', 'sub/b.csv'."],
      },
    )
    const none = zipArchive([{ name: 'r.wav', content: toneWav([300], 20) }])
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'none.zip', content: none },
      {
        file: ['The ZIP holds no data file (.csv, .json, .jsonl, .ndjson).'],
      },
    )
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'fake.zip', content: 'not a zip' },
      {
        file: ['The file is not a valid ZIP archive.'],
      },
    )
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'notes.txt', content: 'hello' },
      {
        file: [
          expect.stringMatching(
            /^Unsupported file format: send one of \.jsonl, \.ndjson, \.csv, \.json, \.zip/,
          ),
        ],
      },
    )
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'empty.jsonl', content: '\n\n' },
      {
        file: ['The file holds no items.'],
      },
    )
  })

  it('names each missing or malformed field', async () => {
    await expectRefused({}, undefined, {
      task_type: ['This field is required.'],
      base_language: ['This field is required.'],
      target_language: ['This field is required.'],
      settle_target_lang: ['This field is required.'],
      file: ['This field is required.'],
    })
    await expectRefused(
      {
        ...requiredFields(intake.defs),
        settle_target_lang: 'maybe',
        metadata: '{"a": 1}',
        deadline: 'tomorrow',
        start_task: 'yes',
        project: 'x',
        description: 'd'.repeat(TASK_DESCRIPTION_MAX_CHARS + 1),
      },
      { name: 'a.jsonl', content: '{"prompt":"x"}' },
      {
        settle_target_lang: ["must be 'true' or 'false'"],
        description: ['must be at most 2,000 characters'],
        metadata: ['values must be strings'],
        deadline: ['must be an ISO 8601 date, or a timestamp with its time zone'],
        start_task: ["must be 'true' or 'false'"],
        project: ['must be an id'],
      },
    )
    await expectRefused(
      {
        ...requiredFields(intake.defs),
        metadata: JSON.stringify({ note: 'v'.repeat(TASK_METADATA_VALUE_MAX_CHARS + 1) }),
      },
      { name: 'a.jsonl', content: '{"prompt":"x"}' },
      { metadata: ['values must be at most 2,000 characters'] },
    )
    await expectRefused(
      { ...requiredFields(intake.defs), base_language: '999999', project: '999999' },
      { name: 'a.jsonl', content: '{"prompt":"x"}' },
      { base_language: ['No such language.'], project: ['No such project.'] },
    )
    await expectRefused(
      requiredFields(intake.defs),
      { name: 'a.jsonl', content: '{"prompt":"x"}', field: 'data' },
      { file: ["The file must be sent in the part named 'file', not 'data'."] },
    )
  })

  it("answers 404 for another client's task type and 403 to an end worker", async () => {
    const other = await signIn(intake.t, { roles: ['client'] })
    const foreign = await createDefinitions(intake.t.db, other.user.id, {
      itemSchema: textOnlySchema,
    })
    const body = await expectRefused(
      requiredFields(foreign),
      { name: 'a.jsonl', content: '{"prompt":"x"}' },
      {},
      404,
    )
    expect(body.code).toBe('not_found')
    const worker = await signIn(intake.t, { roles: ['endworker'] })
    const response = await uploadTask(worker, requiredFields(intake.defs), {
      name: 'a.jsonl',
      content: '{"prompt":"x"}',
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('GET /api/client/tasks/{id}/processing/', () => {
  it("answers 404 for another client's task", async () => {
    const response = await uploadTask(intake.client, requiredFields(intake.defs), {
      name: 'a.jsonl',
      content: '{"prompt":"x"}',
    })
    const other = await signIn(intake.t, { roles: ['client'] })
    expect((await other.get(`client/tasks/${response.json().id}/processing/`)).statusCode).toBe(404)
    expect((await intake.client.get('client/tasks/999999/processing/')).statusCode).toBe(404)
  })
})

describe('text the database cannot store', () => {
  const refused = async (name: string, content: Buffer | string, expected: string[]) => {
    const before = await createdSoFar(intake.t.db, intake.t.mediaDir)
    const response = await uploadTask(intake.client, requiredFields(intake.defs), {
      name,
      content,
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().fields).toEqual({ file: expected })
    expect(await createdSoFar(intake.t.db, intake.t.mediaDir)).toEqual(before)
  }

  it('refuses NUL characters and unpaired surrogates, naming the line and field', async () => {
    await refused(
      'a.jsonl',
      '{"prompt":"fine"}\n{"prompt":"a\\u0000b"}\n{"prompt":"\\ud800"}\n{"prompt":"ok","data_id":"x\\u0000"}\n{"prompt":"\\udfff\\ud83d\\ude00"}',
      [
        "Line 2: field 'prompt' contains a NUL character (U+0000), which cannot be stored.",
        "Line 3: field 'prompt' contains an unpaired UTF-16 surrogate (half of a pair of UTF-16 code units), which is not text.",
        'Line 4: data_id contains a NUL character (U+0000), which cannot be stored.',
        "Line 5: field 'prompt' contains an unpaired UTF-16 surrogate (half of a pair of UTF-16 code units), which is not text.",
      ],
    )
    await refused('a.csv', Buffer.from('prompt\r\nfine\r\nraw\u0000byte\r\n'), [
      "Row 3: field 'prompt' contains a NUL character (U+0000), which cannot be stored.",
    ])
  })

  it('refuses bytes that are not UTF-8, naming the line', async () => {
    const latin1 = Buffer.from('{"prompt":"café"}\n', 'latin1')
    await refused('a.jsonl', Buffer.concat([Buffer.from('{"prompt":"fine"}\n'), latin1]), [
      'Line 2: not valid UTF-8 text (save the file as UTF-8); nothing after it was read.',
    ])
    await refused(
      'a.csv',
      Buffer.concat([Buffer.from('prompt\nfine\n'), Buffer.from('café\n', 'latin1')]),
      ['Row 3: not valid UTF-8 text (save the file as UTF-8); nothing after it was read.'],
    )
  })

  it('accepts the same text when it is well formed', async () => {
    const response = await uploadTask(intake.client, requiredFields(intake.defs), {
      name: 'a.jsonl',
      content: '{"prompt":"caf\\u00e9 \\ud83d\\ude00 \\u0001"}',
    })
    expect(response.statusCode, response.body).toBe(201)
  })
})
