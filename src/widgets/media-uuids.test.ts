import { describe, expect, it } from 'vitest'
import { mediaUuids } from './media-uuids'

describe('mediaUuids', () => {
  const place = { row: 1, column: 1, col_width: 12, col_offset: 0 }
  const schema = {
    item_schema: {
      recording: { widget: { config: { component: 'audio' as const } }, grid_placement: place },
      picture: { widget: { config: { component: 'image' as const } }, grid_placement: place },
      prompt: { widget: { config: { component: 'text' as const } }, grid_placement: place },
    },
    annotation_schema: {
      clip: {
        widget: { config: { component: 'audio' as const } },
        grid_placement: place,
        data_type: 'string' as const,
      },
    },
  }

  it('lists the media files of an item and its annotation once each', () => {
    expect(
      mediaUuids(
        schema,
        { recording: { uuid: 'a1' }, picture: { uuid: 'i1' }, prompt: 'a1' },
        { clip: { uuid: 'a1', audio_played_to_end: true } },
      ),
    ).toEqual(['a1', 'i1'])
  })

  it('skips fields without a file', () => {
    expect(mediaUuids(schema, { recording: null })).toEqual([])
  })
})
