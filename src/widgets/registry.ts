import { msg } from '@lingui/core/macro'
import { CheckboxWidget } from './choice/CheckboxWidget'
import { DropdownWidget } from './choice/DropdownWidget'
import { RadioWidget } from './choice/RadioWidget'
import { AudioWidget } from './media/AudioWidget'
import { ImageWidget } from './media/ImageWidget'
import { TextWidget } from './text/TextWidget'
import type { WidgetRegistry } from './types'

/** Every widget the schema may name, keyed by `config.component`. */
export const widgetRegistry: WidgetRegistry = {
  text: { component: TextWidget, title: msg`Text field` },
  textarea: { component: TextWidget, title: msg`Text area` },
  checkbox: { component: CheckboxWidget, title: msg`Checkbox` },
  dropdown: { component: DropdownWidget, title: msg`Dropdown` },
  radio: { component: RadioWidget, title: msg`Radio buttons` },
  audio: { component: AudioWidget, title: msg`Audio player` },
  image: { component: ImageWidget, title: msg`Image` },
}
