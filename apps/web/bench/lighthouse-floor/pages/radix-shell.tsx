import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { Shell } from '../shell';

/** The same shell with the web's Radix pieces: a tooltip on each link, a menu behind each header button. */
export function FloorPage() {
  return (
    <TooltipProvider>
      <Shell
        wrapLink={(link, label) => (
          <Tooltip>
            <TooltipTrigger asChild>{link}</TooltipTrigger>
            <TooltipContent side="right">{label}</TooltipContent>
          </Tooltip>
        )}
        wrapMenuButton={(button, label) => (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>{button}</DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem>{label}</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      />
    </TooltipProvider>
  );
}
