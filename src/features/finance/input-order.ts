/** Descriptions go under their inputs, so the inputs of a row line up whether they have one or not. */
export const BELOW_INPUT: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
]
