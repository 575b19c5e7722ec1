import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Package, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ServicesTrigger } from './ServicesMenu';

/** 'Publicar Produto' and 'Intermediação Segura'. */
export default function ServicesMenuPopup() {
  return (
    <DropdownMenu defaultOpen modal={false}>
      <DropdownMenuTrigger asChild>
        <ServicesTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuItem asChild>
          <Link to="/publicar-produto">
            <Package aria-hidden />
            Publicar Produto
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/intermediacao">
            <ShieldCheck aria-hidden />
            Intermediação Segura
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
